import Logging
import PostgresNIO

/// The start-up check that the database is the schema the migrations make: every table's
/// columns, every index, constraint and trigger, compared with `SchemaCatalog.expected`.
///
/// A column added by hand, a dropped constraint or a trigger someone slipped in makes the
/// server refuse to start, as the workspace file's `SchemaGuard` does.
public enum SchemaCheck {
    /// The schema as text lines, sorted: one per column, index, constraint and trigger.
    public static func fingerprint(_ client: PostgresClient, logger: Logger) async throws
        -> [String]
    {
        var lines: [String] = []
        let queries: [PostgresQuery] = [
            """
            SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' '
                || is_nullable || ' ' || coalesce(column_default, '-')
            FROM information_schema.columns WHERE table_schema = current_schema()
            """,
            """
            SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()
            """,
            """
            SELECT 'constraint ' || conrelid::regclass::text || ' ' || pg_get_constraintdef(oid)
            FROM pg_constraint
            WHERE connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
            """,
            """
            SELECT 'trigger ' || tgrelid::regclass::text || ' ' || tgname FROM pg_trigger
            WHERE NOT tgisinternal
            """,
            """
            SELECT 'table ' || c.relname || ' ' || c.relkind::text FROM pg_class c
            WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
                AND c.relkind IN ('r', 'v', 'm', 'p')
            """,
        ]
        for query in queries {
            for try await line in try await client.query(query, logger: logger).decode(String.self)
            {
                lines.append(line)
            }
        }
        return lines.sorted()
    }

    /// Refuses a database whose schema is not `SchemaCatalog.expected`.
    ///
    /// - Throws: `ServerError.schemaDiffers` naming the first line missing or extra.
    public static func check(_ client: PostgresClient, logger: Logger) async throws {
        let found = try await fingerprint(client, logger: logger)
        let expected = SchemaCatalog.expected
        if let extra = found.first(where: { !expected.contains($0) }) {
            throw ServerError.schemaDiffers("unexpected: \(extra)")
        }
        if let missing = expected.first(where: { !found.contains($0) }) {
            throw ServerError.schemaDiffers("missing: \(missing)")
        }
    }
}
