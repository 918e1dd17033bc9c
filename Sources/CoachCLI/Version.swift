import ArgumentParser
public enum CLIVersion { public static let n = 1 }
