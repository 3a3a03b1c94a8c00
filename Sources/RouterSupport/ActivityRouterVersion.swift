/// The version of ActivityRouter, as `route-cli --version` prints it.
///
/// ```swift
/// print(ActivityRouterVersion.string)   // 0.2.0
/// ```
public enum ActivityRouterVersion {
  public static let string = "0.2.0"
}
