import GRDB
public enum StoreVersion { public static let n = 1 }
