/// Text in one style.
///
/// The text is made ``TerminalText/inert(_:)`` as it is set: control characters and
/// escape sequences from data show as visible stand-ins (`␛[2J`) and never
/// reach the terminal as controls. Only ``FrameRenderer`` writes escape
/// sequences.
public struct StyledText: Hashable, Sendable {
  private var inertText: String
  /// How they look.
  public var style: TextStyle

  /// The characters, without control characters: what is assigned goes
  /// through ``TerminalText/inert(_:)``.
  public var text: String {
    get { inertText }
    set { inertText = inert(newValue) }
  }

  /// Creates a styled run of `text`, made ``TerminalText/inert(_:)``.
  public init(_ text: String, _ style: TextStyle = .plain) {
    self.inertText = inert(text)
    self.style = style
  }
}
