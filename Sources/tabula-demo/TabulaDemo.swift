import TabulaDemoKit

/// The executable: the demo's logic lives in TabulaDemoKit, where the tests
/// reach it too.
@main
enum TabulaDemo {
  static func main() async {
    await DemoCommand.main(nil)
  }
}
