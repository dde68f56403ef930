import Foundation
import Tabula

// The models and services the documents' samples take for granted: what an
// app using Tabula would already have.

/// A person of a social app.
struct User: Diffable, Hashable {
  let id: Int
  var name: String
  var byline: String
}

/// A text post.
struct Post: Diffable, Hashable {
  let id: Int
  var text: String
  var likes: Int
}

/// A photo, shown by a presenter registered for its type explicitly.
struct Photo: Diffable, Hashable {
  let id: Int
  var caption: String
}

/// A sponsored row.
struct Ad: Diffable, Hashable {
  let id: String
  var headline: String
}

/// A squirrel, shown in a cell with typed view data.
struct Squirrel: Diffable, Hashable {
  let id: Int
  var name: String
  var nuts: Int
}

/// A draft of a note, edited by position.
struct Draft: Diffable, Hashable {
  let id: Int
  var title: String
  var date: Int
}

extension PresentationStyle {
  /// Users with their bylines.
  static let byline: PresentationStyle = "byline"
}

/// The app's network client: an actor, so loaders may use it from any task.
actor FeedAPI {
  /// The endpoints that fail, as when their server is unreachable.
  private var unreachable: Set<String> = []
  private(set) var likedPosts: [Int] = []

  func setReachable(_ reachable: Bool, endpoint: String) {
    if reachable { unreachable.remove(endpoint) } else { unreachable.insert(endpoint) }
  }

  func posts(of user: User) async throws -> [Post] {
    guard !unreachable.contains("posts") else { throw OfflineError() }
    return [Post(id: 1, text: "Hello from \(user.name)", likes: 3)]
  }

  func friends(of user: User) async throws -> [User] {
    guard !unreachable.contains("friends") else { throw OfflineError() }
    return []
  }

  func like(_ post: Post) { likedPosts.append(post.id) }
}

/// The error of a request made offline.
struct OfflineError: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// Shows screens; records what it was asked to show.
@MainActor
final class Navigator {
  private(set) var shown: [String] = []

  func show(_ user: User) { shown.append(user.name) }
}

/// The sections of the migration article's team screen.
enum TeamSection: Hashable, Sendable {
  case leads, members

  var title: String { self == .leads ? "Leads" : "Members" }
}

/// A member of the migration article's team.
struct Member: Hashable, Sendable {
  let id: UUID
  var name: String
  var isLead: Bool
}
