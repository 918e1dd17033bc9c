/// Why the server cannot start, migrate or go on: one line each, naming what to do.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database URL is not `postgres://user@host:port/database`.
    case badDatabaseURL
    /// No database URL was given.
    case noDatabase
    /// The listen address is not `HOST:PORT`.
    case badListen(String)
    /// An applied migration's SQL differs from this build's.
    case migrationChanged(version: Int, name: String)
    /// The database holds a migration this build does not know.
    case unknownMigration(version: Int)
    /// The database is behind this build's schema.
    case databaseBehind(at: Int, needs: Int)
    /// The database's tables, columns or indexes differ from what the migrations make.
    case schemaDiffers(String)
    /// The database cannot be reached or refused a statement.
    case database(String)
    /// The stored roster no longer verifies.
    case rosterTampered(workspace: String, why: String)
    /// A workspace's stored log does not match its newest signed head.
    case logTampered(workspace: String, why: String)
    /// The sequencer interval is out of range.
    case badInterval(Int)
    /// No server key file was given.
    case noServerKey
    /// `keygen` found a file where it was to write the key.
    case keyFileExists(String)
    /// The key file cannot be read or written, or is not a key file.
    case keyFile(String, String)

    public var description: String {
        switch self {
        case .badDatabaseURL:
            "the database URL is not postgres://USER@HOST:PORT/DATABASE"
        case .noDatabase:
            "no database: give --database postgres://USER@HOST:PORT/DATABASE "
                + "or set COACH_SERVER_DATABASE"
        case .badListen(let text):
            "the listen address '\(text)' is not HOST:PORT (a port from 0 to 65535)"
        case .migrationChanged(let version, let name):
            "migration \(version) (\(name)) was applied with other SQL than this build's: "
                + "an applied migration must not change; add a new one instead"
        case .unknownMigration(let version):
            "the database holds migration \(version), which this build does not know: "
                + "run a newer coach-server"
        case .databaseBehind(let at, let needs):
            "the database is at schema version \(at) and this server needs \(needs): "
                + "run coach-server migrate first"
        case .schemaDiffers(let what):
            "the database schema differs from what the migrations make (\(what)): "
                + "it was altered by hand; restore it or migrate a new database"
        case .database(let why):
            "the database failed: \(why)"
        case .rosterTampered(let workspace, let why):
            "the stored roster of workspace \(workspace) does not verify: \(why)"
        case .logTampered(let workspace, let why):
            "the stored log of workspace \(workspace) does not verify: \(why); "
                + "nothing was signed over it"
        case .badInterval(let ms):
            "the sequence interval \(ms) ms is not between 1 and 60000 ms"
        case .noServerKey:
            "no server key: give --key FILE or set COACH_SERVER_KEY_FILE "
                + "(make one with coach-server keygen --out FILE)"
        case .keyFileExists(let path):
            "the key file \(path) exists: a server key is never overwritten; "
                + "choose another path"
        case .keyFile(let path, let why):
            "the server key file \(path) cannot be used: \(why)"
        }
    }
}
