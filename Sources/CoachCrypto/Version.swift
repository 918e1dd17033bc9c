import CSodium
public enum CryptoVersion { public static func v() -> String { String(cString: sodium_version_string()) } }
