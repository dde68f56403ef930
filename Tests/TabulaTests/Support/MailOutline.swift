import Tabula

/// Inbox (Work (Q1), Home), Archive, everything collapsed: built breadth
/// first, as Apple's sample builds outlines.
func mailOutline() -> DiffableSectionSnapshot<String> {
  var outline = DiffableSectionSnapshot<String>()
  outline.append(["Inbox", "Archive"])
  outline.append(["Work", "Home"], to: "Inbox")
  outline.append(["Q1"], to: "Work")
  return outline
}
