import Tabula
import UIKit

/// Images the feed "downloads": each is drawn on the device after a delay,
/// as if it came from the network, and kept in a cache. The screen hands
/// each one that arrives to the visible rows that show it
/// (`ListController.reconfigureVisibleRows(with:for:subject:)`); rows that come on screen later
/// find it here.
@MainActor
final class ImageStore {
  /// The key under which images are provided to rows.
  static let resourceKey = ResourceKey<UIImage>("image")

  /// Called with each image that arrives and its key.
  var didLoad: (@MainActor (_ key: String, _ image: UIImage) -> Void)?

  /// Bounded: images scrolled far away are drawn again when they return.
  private let cache: NSCache<NSString, UIImage> = {
    let cache = NSCache<NSString, UIImage>()
    cache.countLimit = 80
    return cache
  }()
  private var loading: Set<String> = []

  /// The image of `key`, if it arrived.
  func image(for key: String) -> UIImage? {
    cache.object(forKey: key as NSString)
  }

  /// Starts loading the image of `key`, drawn in `hue` with `symbol`, unless
  /// it is here or on its way.
  func load(_ key: String, hue: Double, symbol: String) {
    guard image(for: key) == nil, loading.insert(key).inserted else { return }
    Task {
      try? await Task.sleep(for: .milliseconds(300 + Int.random(in: 0..<900)))
      let image = Self.draw(hue: hue, symbol: symbol)
      cache.setObject(image, forKey: key as NSString)
      loading.remove(key)
      didLoad?(key, image)
    }
  }

  /// A gradient in `hue` with a symbol in the middle, at one point per pixel
  /// (small enough to keep dozens).
  static func draw(hue: Double, symbol: String) -> UIImage {
    let size = CGSize(width: 360, height: 240)
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: size, format: format).image { context in
      let light = UIColor(hue: hue, saturation: 0.45, brightness: 0.95, alpha: 1)
      let dark = UIColor(
        hue: (hue + 0.1).truncatingRemainder(dividingBy: 1), saturation: 0.75, brightness: 0.65,
        alpha: 1)
      if let gradient = CGGradient(
        colorsSpace: CGColorSpaceCreateDeviceRGB(),
        colors: [light.cgColor, dark.cgColor] as CFArray, locations: [0, 1])
      {
        context.cgContext.drawLinearGradient(
          gradient, start: .zero, end: CGPoint(x: size.width, y: size.height), options: [])
      }
      let configuration = UIImage.SymbolConfiguration(pointSize: 90, weight: .light)
      if let glyph = UIImage(systemName: symbol, withConfiguration: configuration)?
        .withTintColor(.white.withAlphaComponent(0.85), renderingMode: .alwaysOriginal)
      {
        glyph.draw(
          at: CGPoint(
            x: (size.width - glyph.size.width) / 2, y: (size.height - glyph.size.height) / 2))
      }
    }
  }
}
