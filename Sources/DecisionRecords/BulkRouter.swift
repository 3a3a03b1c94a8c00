public import RouteMatcher
public import SceneDecision

/// The bulk path of earlier versions, now a ``LineRouter`` with fixed sessions.
///
/// ```swift
/// var lines = LineRouter(router: router, sessions: state, options: .init(format: .json))
/// lines.route(line: 1, utf8: bytes, into: &out)   // was: bulk.appendRecord(line: 1, utf8: bytes, to: &out)
/// ```
@available(*, deprecated, message: "use LineRouter: it writes the same records, and plans them the same way")
public struct BulkRouter: ~Copyable {
  /// The record form.
  public typealias Format = RecordFormat

  private var lines: LineRouter

  /// A line router over `router` with the sessions fixed at `state`.
  public init(router: CompiledRouter, state: SessionState = SessionState(), format: Format = .json) {
    lines = LineRouter(router: router, sessions: state, options: LineRouter.Options(format: format))
  }

  /// Decides one line and appends its record (``LineRouter/route(line:utf8:into:)``).
  public mutating func appendRecord(line: Int, utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    lines.route(line: line, utf8: bytes, into: &out)
  }

  /// Lines written from a plan.
  public var plannedLines: Int { lines.plannedLines }
}
