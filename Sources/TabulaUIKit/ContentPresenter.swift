#if canImport(UIKit)
  import Tabula
  import UIKit

  /// A ``ContentConfigurationPresenter`` made of a closure: for a model
  /// type that needs nothing else.
  ///
  /// ```swift
  /// presenters.register(
  ///   ContentPresenter<Contact, UITableViewCell> { contact, _ in
  ///     var content = UIListContentConfiguration.cell()
  ///     content.text = contact.name
  ///     return content
  ///   })
  /// ```
  public struct ContentPresenter<Model, Cell: ContentConfigurableCell>:
    ContentConfigurationPresenter
  {
    private let identifier: String
    private let configuration: @MainActor (Model, PresentationContext) -> any UIContentConfiguration

    /// A presenter whose cells show `configuration(model, context)`, under
    /// `reuseIdentifier` (the model type's name by default).
    public init(
      reuseIdentifier: String? = nil,
      _ configuration:
        @escaping @MainActor (_ model: Model, _ context: PresentationContext) ->
        any UIContentConfiguration
    ) {
      self.identifier = reuseIdentifier ?? "Tabula.content.\(Model.self)"
      self.configuration = configuration
    }

    /// The closure's configuration.
    public func contentConfiguration(for model: Model, context: PresentationContext)
      -> any UIContentConfiguration
    {
      configuration(model, context)
    }

    /// The reuse identifier given at creation.
    public func reuseIdentifier(for model: Model, style: PresentationStyle) -> String {
      identifier
    }
  }
#endif
