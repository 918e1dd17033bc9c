import CoachKit
import Foundation

/// The JSON Schema (draft 2020-12) of a suggested plan, as an export includes it.
///
/// The references of the export are `const` in the schema, so a reply written from one athlete's
/// export fails validation against another's.
public enum SuggestedPlanSchema {
    /// The format tag a reply carries.
    public static let formatTag = "coach/suggested-plan/1"
    /// The most weeks one reply may cover.
    public static let maxWeeks = 6
    /// The most sessions one day may hold.
    public static let maxSessionsPerDay = 4

    /// The schema for a reply to the export made from `input`.
    public static func schema(for input: PromptInput) -> JSONValue {
        schema(athleteRef: input.athleteRef, exportRef: input.exportRef)
    }

    /// The schema for a reply echoing `athleteRef` and `exportRef`.
    public static func schema(athleteRef: String, exportRef: String) -> JSONValue {
        let date: JSONValue = .object([
            "type": .string("string"), "pattern": .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
        ])
        func text(_ min: Int, _ max: Int, _ what: String) -> JSONValue {
            .object([
                "type": .string("string"), "minLength": .number(Double(min)),
                "maxLength": .number(Double(max)), "description": .string(what),
            ])
        }
        func number(_ max: Double, _ what: String) -> JSONValue {
            .object([
                "type": .string("number"), "minimum": .number(0), "maximum": .number(max),
                "description": .string(what),
            ])
        }
        let session: JSONValue = .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "required": .array(["title", "sport", "rationale"].map(JSONValue.string)),
            "properties": .object([
                "title": text(1, 120, "short name of the session"),
                "detail": text(0, 1000, "what to do: structure, intensities"),
                "sport": .object(["enum": .array(Sport.allCases.map { .string($0.rawValue) })]),
                "planned_duration_min": number(720, "planned duration in minutes"),
                "planned_tss": number(1000, "planned training stress score"),
                "targets": .object([
                    "type": .string("array"), "uniqueItems": .bool(true),
                    "items": .object([
                        "enum": .array(MuscleGroup.allCases.map { .string($0.rawValue) })
                    ]),
                ]),
                "rationale": text(1, 1000, "why, naming the metrics it rests on"),
            ]),
        ])
        let day: JSONValue = .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "required": .array([.string("date"), .string("sessions")]),
            "properties": .object([
                "date": date,
                "sessions": .object([
                    "type": .string("array"), "maxItems": .number(Double(maxSessionsPerDay)),
                    "items": session,
                ]),
            ]),
        ])
        let week: JSONValue = .object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "required": .array([.string("start"), .string("days")]),
            "properties": .object([
                "start": date, "title": text(0, 120, "name of the week"),
                "days": .object([
                    "type": .string("array"), "minItems": .number(1), "maxItems": .number(7),
                    "items": day,
                ]),
            ]),
        ])
        return .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "title": .string("Suggested plan"),
            "description": .string(
                "Weeks (starting on a Monday) of days (within that week) of sessions."),
            "type": .string("object"), "additionalProperties": .bool(false),
            "required": .array(
                ["format", "athlete_ref", "export_ref", "weeks"].map(JSONValue.string)),
            "properties": .object([
                "format": .object(["const": .string(formatTag)]),
                "athlete_ref": .object(["const": .string(athleteRef)]),
                "export_ref": .object(["const": .string(exportRef)]),
                "summary": text(0, 2000, "the advice in a few sentences"),
                "weeks": .object([
                    "type": .string("array"), "minItems": .number(1),
                    "maxItems": .number(Double(maxWeeks)), "items": week,
                ]),
            ]),
        ])
    }
}
