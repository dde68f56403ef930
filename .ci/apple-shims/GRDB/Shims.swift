// Declarations GRDB 7 uses that Swift 5.8's standard library (the one in
// the iPhoneOS 16.5 SDK) lacks. Compiled with GRDB's sources by .ci/apple
// only, to emit GRDB's interface for the modules that import it; never part
// of Tabula, and unneeded with a current Xcode, whose SDKs have them.

/// `SendableMetatype` (Swift 6.2, SE-0470): GRDB constrains generic
/// parameters with it. An alias of `Any` constrains nothing, which is what
/// an older compiler assumed anyway.
public typealias SendableMetatype = Any

/// `Int128` (Swift 6.0, iOS 18): GRDB conforms it to its database value
/// protocols behind `@available(iOS 18.0, *)`. An empty type of that
/// availability lets those extensions type-check; iOS 16 code cannot use it.
@available(iOS 18.0, *) public struct Int128 {}

/// `UInt128` (Swift 6.0, iOS 18), as `Int128`.
@available(iOS 18.0, *) public struct UInt128 {}
