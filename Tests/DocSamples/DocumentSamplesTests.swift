import Foundation
import Testing

// Keeps the documents and the samples of this target in step: every ```swift
// block of the package's Markdown documents (README.md and the other
// top-level .md files, and the articles of every DocC catalog) must appear in
// a Swift file of this target, which the build compiles. A document shows
// what a file here compiles, or the test fails, naming the document, the
// block's line and its first line.
//
// "Appears" ignores layout: whitespace is normalised (see `normalised(_:)`),
// and the block's paragraphs (split at blank lines) must appear in one file,
// in order, so that a sample file can wrap a block's statements in a
// function, or put a test's assertions between its paragraphs.

/// A fenced code block of a Markdown document.
struct CodeBlock: CustomTestStringConvertible, Sendable {
  /// The document's path from the package root.
  let document: String
  /// The line of the opening fence (1-based).
  let line: Int
  /// The fence's info string: `swift`, `sh`, `text`... (empty if none).
  let language: String
  /// The lines between the fences.
  let code: [String]

  var testDescription: String {
    "\(document):\(line): \(code.first { !$0.isBlank } ?? "(empty block)")"
  }
}

/// The package's root folder: two levels above this file's folder.
let packageRoot = URL(filePath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The folder of this target's sample files.
let samplesFolder = URL(filePath: #filePath).deletingLastPathComponent()

/// The Markdown documents the samples keep honest: every `.md` file at the
/// package root, and every article of every DocC catalog under `Sources`.
func documentPaths() -> [String] {
  let fileManager = FileManager.default
  var paths: [String] = []
  let rootFiles = (try? fileManager.contentsOfDirectory(atPath: packageRoot.path)) ?? []
  paths += rootFiles.filter { $0.hasSuffix(".md") }
  let sources = packageRoot.appending(path: "Sources")
  for relative in fileManager.subpaths(atPath: sources.path) ?? []
  where relative.hasSuffix(".md") && relative.contains(".docc/") {
    paths.append("Sources/" + relative)
  }
  return paths.sorted()
}

/// The fenced code blocks of a document, in order.
func codeBlocks(in document: String) -> [CodeBlock] {
  guard let text = try? String(contentsOf: packageRoot.appending(path: document), encoding: .utf8)
  else { return [] }
  var blocks: [CodeBlock] = []
  var open: (line: Int, fence: String, language: String)?
  var code: [String] = []
  for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let trimmed = line.drop { $0 == " " }
    if let current = open {
      if trimmed.hasPrefix(current.fence) && trimmed.allSatisfy({ $0 == current.fence.first }) {
        blocks.append(
          CodeBlock(document: document, line: current.line, language: current.language, code: code))
        open = nil
      } else {
        code.append(String(line))
      }
    } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
      let marker = trimmed.first!
      let fence = String(trimmed.prefix { $0 == marker })
      let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
      let language = String(info.prefix { !$0.isWhitespace })
      open = (index + 1, fence, language)
      code = []
    }
  }
  return blocks
}

/// Every fenced block of every document.
let allBlocks = documentPaths().flatMap(codeBlocks(in:))

/// The sample files of this target (this file aside), each normalised.
let normalisedSamples: [(name: String, text: String)] = {
  let fileManager = FileManager.default
  var samples: [(String, String)] = []
  for relative in fileManager.subpaths(atPath: samplesFolder.path) ?? []
  where relative.hasSuffix(".swift") && !relative.hasSuffix("DocumentSamplesTests.swift") {
    let url = samplesFolder.appending(path: relative)
    if let text = try? String(contentsOf: url, encoding: .utf8) {
      samples.append((relative, normalised(text)))
    }
  }
  return samples
}()

/// `text` with its layout removed: runs of whitespace become one space, kept
/// only between two characters of identifiers or literals (`let x`,
/// `try await`), dropped elsewhere (`f( x )` and `f(x)` are the same).
func normalised(_ text: some StringProtocol) -> String {
  var result = ""
  var pendingSpace = false
  for character in text {
    if character.isWhitespace {
      pendingSpace = !result.isEmpty
      continue
    }
    if pendingSpace, let last = result.last, last.isWord, character.isWord {
      result.append(" ")
    }
    pendingSpace = false
    result.append(character)
  }
  return result
}

/// The block's paragraphs, split at blank lines, each normalised.
func paragraphs(of block: CodeBlock) -> [String] {
  var paragraphs: [String] = []
  var current: [String] = []
  for line in block.code + [""] {
    if line.isBlank {
      if !current.isEmpty { paragraphs.append(normalised(current.joined(separator: "\n"))) }
      current = []
    } else {
      current.append(line)
    }
  }
  return paragraphs
}

/// The sample file in which the paragraphs appear in order, if any. The
/// first paragraph must not start after an attribute the block leaves out
/// (`@MainActor` before a `struct`): the block would not compile as shown.
func sampleFile(containing paragraphs: [String]) -> String? {
  samples: for sample in normalisedSamples {
    guard let first = paragraphs.first else { return nil }
    var searchStart = sample.text.startIndex
    var start: Range<String.Index>?
    while let found = sample.text.range(of: first, range: searchStart..<sample.text.endIndex) {
      if !endsWithAttribute(sample.text[..<found.lowerBound]) {
        start = found
        break
      }
      searchStart = found.upperBound
    }
    guard let start else { continue samples }
    searchStart = start.upperBound
    for paragraph in paragraphs.dropFirst() {
      guard let found = sample.text.range(of: paragraph, range: searchStart..<sample.text.endIndex)
      else { continue samples }
      searchStart = found.upperBound
    }
    return sample.name
  }
  return nil
}

/// Whether normalised `text` ends with an attribute (`@MainActor `,
/// `@available(iOS 17, *)`): what follows it is a declaration the
/// attribute belongs to.
func endsWithAttribute(_ text: Substring) -> Bool {
  var rest = text
  if rest.last == " " { rest = rest.dropLast() }
  if rest.last == ")" {
    var depth = 0
    while let last = rest.popLast() {
      if last == ")" { depth += 1 }
      if last == "(" { depth -= 1 }
      if depth == 0 { break }
    }
  }
  let word = rest.reversed().prefix { $0.isWord }
  guard !word.isEmpty else { return false }
  return rest.dropLast(word.count).last == "@"
}

extension Character {
  /// A character of an identifier, a number or a keyword.
  fileprivate var isWord: Bool { isLetter || isNumber || self == "_" }
}

extension StringProtocol {
  fileprivate var isBlank: Bool { allSatisfy(\.isWhitespace) }
}

@Suite("Documentation samples")
struct DocumentSamplesTests {
  @Test func documentsAndSamplesAreFound() {
    let documents = Set(allBlocks.map(\.document))
    #expect(documents.contains("README.md"))
    #expect(documents.contains("Sources/Tabula/Tabula.docc/Tabula.md"))
    #expect(normalisedSamples.count > 5)
  }

  @Test("Every fenced block names its language", arguments: allBlocks)
  func blockNamesItsLanguage(_ block: CodeBlock) {
    #expect(
      !block.language.isEmpty,
      """
      \(block.document):\(block.line): a fenced block without a language; use `swift` for \
      Swift (then a sample file must compile it) or `sh`, `text`...
      """)
  }

  @Test(
    "Every Swift block is compiled by a sample file",
    arguments: allBlocks.filter { $0.language == "swift" })
  func swiftBlockIsCompiled(_ block: CodeBlock) {
    let blockParagraphs = paragraphs(of: block)
    #expect(!blockParagraphs.isEmpty, "\(block.document):\(block.line): an empty Swift block")
    #expect(
      sampleFile(containing: blockParagraphs) != nil,
      """
      \(block.document):\(block.line): no file of Tests/DocSamples contains this block \
      (paragraphs in order, whitespace aside); it starts with:
      \(block.code.first { !$0.isBlank } ?? "")
      Add it to a sample file, or make the block show what a sample file compiles.
      """)
  }

  @Test func normalisingIgnoresLayoutOnly() {
    #expect(normalised("let  x =\n  f( a,\n b )") == normalised("let x = f(a, b)"))
    #expect(normalised("try await x") != normalised("tryawait x"))
    #expect(normalised("a // O(1)") == normalised("a   // O(1)"))
  }

  @Test func aBlockMustKeepItsAttributes() {
    #expect(endsWithAttribute(normalised("@MainActor\n")[...]))
    #expect(endsWithAttribute(normalised("x\n@available(iOS 17, *)\n")[...]))
    #expect(!endsWithAttribute(normalised("let x = 1\n")[...]))
    #expect(!endsWithAttribute(normalised("f(a)\n")[...]))
    #expect(!endsWithAttribute("a @ b"[...]))
  }
}
