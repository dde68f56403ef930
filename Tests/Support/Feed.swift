import Tabula

// The rows of a feed of mixed model types that several test targets show.

/// A snapshot of a feed: rows of any model type.
package typealias Feed = Snapshot<SectionInfo, AnyItem>

/// A user row.
package struct User: Diffable, Hashable {
  package let id: Int
  package var name: String
  package var byline = ""

  package init(id: Int, name: String, byline: String = "") {
    self.id = id
    self.name = name
    self.byline = byline
  }
}

/// A kind of row the app has no presenter for (new on the server, say).
package struct Comment: Diffable, Hashable {
  package let id: Int
  package var text: String

  package init(id: Int, text: String) {
    self.id = id
    self.text = text
  }
}
