import TabulaTesting

/// A cell with a badge, which reuse clears.
package final class BadgeCell: SimulatedCell {
  package var badge = 0
  override package func prepareForReuse() {
    super.prepareForReuse()
    badge = 0
  }
}
