import Foundation

/// The `tabula-demo` executable, which the demo's tests and the terminal's
/// signal tests run.
package enum DemoExecutable {
  /// The built `tabula-demo` executable, next to the test bundle.
  package static var url: URL {
    let tests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return tests.appendingPathComponent("tabula-demo")
  }
}
