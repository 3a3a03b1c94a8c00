public import RouteTables
import RouterSupport

extension RouteTable.Builder {
  /// Builds the table and compiles it: the router, or the errors of either step.
  ///
  /// ```swift
  /// var builder = RouteTable.Builder(app: "Notes", platform: .iPadOS)
  /// builder.scene("main")
  /// builder.url("tag", "notes://tag/{name}", deliver: "main")
  /// let router = try builder.compile()
  /// ```
  public func compile() throws(RouteTable.BuildError) -> CompiledRouter {
    let result = RouteCompiler.compile(try build())
    guard let router = result.router else {
      throw RouteTable.BuildError(diagnostics: result.diagnostics.filter { $0.severity == .error })
    }
    return router
  }
}
