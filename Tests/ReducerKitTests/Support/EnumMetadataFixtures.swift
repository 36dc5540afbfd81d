import Foundation
import Testing

@testable import ReducerKit

/// The enums and helpers the tests of `Internal/Unsafe/Metadata/` share (one test file per
/// source file there).
enum EnumMetadataFixtures {
  /// Payload and empty cases declared interleaved, to check that tags put payload cases first.
  enum Interleaved {
    case first
    case number(Int)
    case second
    case text(String)
    case labeled(x: Int)
    case void(Void)
    case last
  }

  indirect enum List {
    case cons(Int, List)
    case end
  }

  enum PartlyIndirect {
    case direct(Int)
    indirect case boxed(Int)
  }

  enum TwoParameters<A, B> {
    case a(A)
    case b(B)
    case optional(B?)
    case pair(A, B)
  }

  struct Container<T> {
    enum Nested<U> {
      case outer(T)
      case inner(U)
    }
  }

  class Base {}
  final class Derived: Base {}
  protocol Marker {}

  enum Overlapping {
    case a(Int)
    case b(Int)
    case c(String)
  }

  enum Unique {
    case a(Int)
    case c(String)
    case d
  }

  enum WithExistential {
    case a(Int)
    case any(Any)
  }

  enum Metatypes {
    case thin(Int.Type)
    case thick(Base.Type)
    case existential(any Marker.Type)
  }

  /// The tag the runtime reports for `value`.
  static func tag<T>(of value: T) -> UInt32? {
    guard let metadata = EnumMetadata(T.self) else { return nil }
    return withUnsafePointer(to: value) { metadata.tag(of: $0) }
  }

  /// A mangled name laid out in memory as the compiler emits it, with a terminating zero.
  static func withMangledName<R>(_ bytes: [UInt8], _ body: (UnsafeRawPointer) -> R) -> R {
    (bytes + [0]).withUnsafeBytes { body($0.baseAddress!) }
  }

  enum ChildAction: Hashable, Error {
    case tap
    case text(String)
    case close
  }

  /// A child feature's state: a struct, of which ReducerKit cannot make a value.
  struct ChildState: Equatable {
    var count = 0
  }

  enum Single: Equatable {
    case only
  }

  /// A parent's actions, with every way Swift lets `ChildAction.Type`'s constructor type differ
  /// from its payload.
  enum ParentAction {
    case child(ChildAction)
    case other(ChildAction)
    case name(String)
    case state(ChildState)
    case single(Single)
    case void(Void)
    case optional(ChildAction?)
    case any(Any)
    case sendable(any Sendable)
    case hashable(AnyHashable)
    case error(any Error)
    indirect case boxed(ChildAction)
    case done
  }

  /// Plain bits: no case holds a reference.
  enum Key: Equatable {
    case up
    case down
    case press(Int8)
  }

  /// A parent that is plain bits, so that no case can hold a reference to a box.
  enum PlainParent: Equatable {
    case key(Key)
    case value(OneEmpty)
    case count(Int)
  }

  /// Values whose only empty case has an aligned first byte, in a root that can hold a box.
  enum OneEmpty: Equatable {
    case x(UInt8)
    case y(UInt8)
    case none
  }

  enum HoldsOneEmpty {
    case value(OneEmpty)
    case text(String)
  }

  enum GenericParent<T> {
    case number(Int)
    case value(T)
    case none
  }

  /// The case `embed` builds, learned without reflection metadata from ReducerKit's own probes.
  static func learn<Root, Value>(
    _ embed: (Value) -> Root
  ) -> Result<LearnedCase, LearnedCase.Failure> {
    LearnedCase.learn(embed, probes: caseProbes(of: Value.self))
  }

}

/// What the suites of the enum metadata tests share: conforming gives a suite the fixtures'
/// names and helpers, unqualified.
protocol EnumMetadataTesting {}

extension EnumMetadataTesting {
  typealias Interleaved = EnumMetadataFixtures.Interleaved
  typealias List = EnumMetadataFixtures.List
  typealias PartlyIndirect = EnumMetadataFixtures.PartlyIndirect
  typealias TwoParameters<A, B> = EnumMetadataFixtures.TwoParameters<A, B>
  typealias Container<T> = EnumMetadataFixtures.Container<T>
  typealias Base = EnumMetadataFixtures.Base
  typealias Derived = EnumMetadataFixtures.Derived
  typealias Overlapping = EnumMetadataFixtures.Overlapping
  typealias Unique = EnumMetadataFixtures.Unique
  typealias WithExistential = EnumMetadataFixtures.WithExistential
  typealias Metatypes = EnumMetadataFixtures.Metatypes
  typealias ChildAction = EnumMetadataFixtures.ChildAction
  typealias ChildState = EnumMetadataFixtures.ChildState
  typealias Single = EnumMetadataFixtures.Single
  typealias ParentAction = EnumMetadataFixtures.ParentAction
  typealias Key = EnumMetadataFixtures.Key
  typealias PlainParent = EnumMetadataFixtures.PlainParent
  typealias OneEmpty = EnumMetadataFixtures.OneEmpty
  typealias HoldsOneEmpty = EnumMetadataFixtures.HoldsOneEmpty
  typealias GenericParent<T> = EnumMetadataFixtures.GenericParent<T>

  func tag<T>(of value: T) -> UInt32? { EnumMetadataFixtures.tag(of: value) }

  func withMangledName<R>(_ bytes: [UInt8], _ body: (UnsafeRawPointer) -> R) -> R {
    EnumMetadataFixtures.withMangledName(bytes, body)
  }

  func learn<Root, Value>(
    _ embed: (Value) -> Root
  ) -> Result<LearnedCase, LearnedCase.Failure> {
    EnumMetadataFixtures.learn(embed)
  }
}
