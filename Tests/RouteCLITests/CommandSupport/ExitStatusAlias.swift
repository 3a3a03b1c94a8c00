@testable import CommandSupport
@testable import route_cli

/// `ExitStatus` in this test target means route-cli's (CommandSupport's), not Swift Testing's.
///
/// Swift Testing also exports a type named `ExitStatus` (for exit tests), so a file that
/// imports both modules would find the name ambiguous. A declaration in the test module
/// itself wins over both imports; use `Testing.ExitStatus` for the other one.
typealias ExitStatus = CommandSupport.ExitStatus
