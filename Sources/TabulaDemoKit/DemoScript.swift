import Foundation
import TabulaTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The keys `--script` plays, read and checked before the demo opens its
/// database: a script that cannot be played is a sentence naming it, and
/// changes nothing.
enum DemoScript {
  /// Why a script cannot be played: a sentence naming the script.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The keys of the script at `source`, or of standard input for `-`.
  ///
  /// - Throws: ``Failure``: the file does not exist, is a folder, cannot be
  ///   read, is not UTF-8 text, or holds something that is not a key
  ///   (``KeyScriptError``, with its line and column).
  static func keys(from source: String) throws(Failure) -> [Key] {
    let name = source == "-" ? "the script" : "the script \(source)"
    let text = try self.text(of: source, named: name)
    do {
      return try KeyParser.parseScript(text)
    } catch {
      throw Failure(description: "\(name), \(error)")
    }
  }

  /// The text of the script at `source` (standard input for `-`).
  private static func text(of source: String, named name: String) throws(Failure) -> String {
    let refuse = { (reason: String) in Failure(description: "cannot read \(name): \(reason)") }
    let data: Data
    if source == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder) else {
        throw refuse("it does not exist")
      }
      if isFolder.boolValue { throw refuse("it is a folder") }
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: source))
      } catch {
        throw refuse("it cannot be read (\(systemReason(error)))")
      }
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw refuse("it is not a text file (not UTF-8)")
    }
    return text
  }

  /// The operating system's words for `error` ("Permission denied"), when
  /// it comes from a system call, else its description.
  private static func systemReason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}
