/// The screen size of `--size`: WIDTHxHEIGHT, at least 20x5.
struct ScreenSize: Equatable {
  var width: Int
  var height: Int

  /// The smallest screen the demo draws.
  static let minimum = ScreenSize(width: 20, height: 5)

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Parses `text`: two decimal numbers joined by `x`, nothing else.
  ///
  /// - Throws: A message naming `text` and the rule.
  init(parsing text: String) throws(Failure) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    let numbers = parts.compactMap { part in
      part.allSatisfy(\.isASCIIDigit) && !part.isEmpty ? Int(part) : nil
    }
    guard parts.count == 2, numbers.count == 2, numbers[0] >= Self.minimum.width,
      numbers[1] >= Self.minimum.height
    else {
      throw Failure(
        description: "--size must be WIDTHxHEIGHT, at least "
          + "\(Self.minimum.width)x\(Self.minimum.height): got \(text)")
    }
    self.init(width: numbers[0], height: numbers[1])
  }

  /// A `--size` that cannot be used.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }
}

extension Character {
  /// Whether the character is one of the ASCII digits 0-9.
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
