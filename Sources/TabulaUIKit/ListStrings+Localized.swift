#if canImport(UIKit)
  import Foundation
  import Tabula

  extension ListStrings {
    /// The list's words from the app's strings table `table` in `bundle`,
    /// each looked up by its English text ("Move Up", "Move to %@",
    /// "Loaded %ld items"), the English word where the table has none.
    /// Counts go through `String.localizedStringWithFormat`, so a
    /// `.stringsdict` (or a string catalog's plural variations) words
    /// them in every plural form.
    ///
    /// ```swift
    /// controller.strings = .localized()                 // Tabula.strings in the app
    /// controller.strings = .localized(table: "Lists")   // Lists.strings
    /// ```
    ///
    /// The keys are the English defaults of ``Tabula/ListStrings``'s
    /// properties; formats: "Move to %@", "Section %ld", "Move %ld Items"
    /// (and "Move Item"; "Delete" and "Add" likewise), "Loaded %ld items",
    /// "%ld items removed", "Couldn’t load: %@", "Couldn’t add %ld items:
    /// %@", "Couldn’t load more: %@", "Delete %ld rows? y deletes", and each
    /// key command's title ("Next Row", "Expand All").
    public static func localized(bundle: Bundle = .main, table: String? = "Tabula") -> ListStrings {
      let lookup = Lookup(bundle: bundle, table: table)
      let english = ListStrings()
      var strings = ListStrings()
      strings.accessibility.moveUp = lookup.text(english.accessibility.moveUp)
      strings.accessibility.moveDown = lookup.text(english.accessibility.moveDown)
      strings.accessibility.moveToSection = {
        lookup.format("Move to %@", $0, english.accessibility.moveToSection($0))
      }
      strings.accessibility.untitledSection = {
        lookup.format("Section %ld", $0, english.accessibility.untitledSection($0))
      }
      strings.accessibility.expand = lookup.text(english.accessibility.expand)
      strings.accessibility.collapse = lookup.text(english.accessibility.collapse)
      strings.accessibility.retry = lookup.text(english.accessibility.retry)
      strings.accessibility.expanded = lookup.text(english.accessibility.expanded)
      strings.accessibility.collapsed = lookup.text(english.accessibility.collapsed)
      strings.delete = lookup.text(english.delete)
      strings.undoName = { verb, count in
        count == 1
          ? lookup.text(english.undoName(verb, 1))
          : lookup.format("\(verb) %ld Items", count, english.undoName(verb, count))
      }
      strings.announcement = { announcement in
        switch announcement {
        case .loaded(let count):
          lookup.format("Loaded %ld items", count, announcement.description)
        case .empty:
          lookup.text(announcement.description)
        case .failed(let message):
          lookup.format("Couldn’t load: %@", message, announcement.description)
        case .removed(let count):
          lookup.format("%ld items removed", count, announcement.description)
        case .dropFailed(let count, let message):
          lookup.format("Couldn’t add %ld items: %@", count, message, announcement.description)
        }
      }
      strings.dropNotKept = lookup.text(english.dropNotKept)
      strings.dropDeclined = lookup.text(english.dropDeclined)
      strings.placeholders.loading = lookup.text(english.placeholders.loading)
      strings.placeholders.loadingMore = lookup.text(english.placeholders.loadingMore)
      strings.placeholders.loadMoreFailed = {
        lookup.format("Couldn’t load more: %@", $0, english.placeholders.loadMoreFailed($0))
      }
      strings.placeholders.noResults = lookup.text(english.placeholders.noResults)
      strings.placeholders.retryHint = lookup.text(english.placeholders.retryHint)
      strings.placeholders.endOfList = lookup.text(english.placeholders.endOfList)
      strings.movePrompt = lookup.text(english.movePrompt)
      strings.deletePrompt = {
        lookup.format("Delete %ld rows? y deletes", $0, english.deletePrompt($0))
      }
      strings.keyCommandTitle = { lookup.text($0.englishTitle) }
      return strings
    }
  }

  /// Looks words up in an app's strings table.
  // Bundle lookups are safe from any thread; the SDKs do not mark Bundle
  // Sendable.
  private struct Lookup: @unchecked Sendable {
    let bundle: Bundle
    let table: String?

    /// What the table says for `key`, if it has it.
    func entry(_ key: String) -> String? {
      // A value no table holds tells a missing key from a translation.
      let missing = "\u{0}"
      let found = bundle.localizedString(forKey: key, value: missing, table: table)
      return found == missing ? nil : found
    }

    /// The table's word for `english`, else `english`.
    func text(_ english: String) -> String { entry(english) ?? english }

    /// The table's format `key` filled with `arguments`, else `english`.
    func format(_ key: String, _ arguments: any CVarArg..., english: String) -> String {
      guard let format = entry(key) else { return english }
      return String(format: format, locale: .current, arguments: arguments)
    }

    func format(_ key: String, _ argument: any CVarArg, _ english: String) -> String {
      format(key, argument, english: english)
    }

    func format(
      _ key: String, _ first: any CVarArg, _ second: any CVarArg, _ english: String
    ) -> String {
      format(key, first, second, english: english)
    }
  }
#endif
