import Foundation

/// The file formats coach imports.
public enum ImportFormat: String, Sendable, CaseIterable, Codable {
    case appleHealth = "apple-health"
    case fit, tcx, gpx, csv
    case json
    /// A folder, or a zip of many activity files (a Strava or Garmin account export).
    case bulk
}
