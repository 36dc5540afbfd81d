import Observation

/// The state of `observe.fields.100` as a plain `@Observable` class, for the `observable.*`
/// cases: what Observation alone costs for the same reads and changes, without a store.
@Observable
final class ObservableWideModel {
  var f0 = 0
  var f1 = 0
  var f2 = 0
  var f3 = 0
  var f4 = 0
  var f5 = 0
  var f6 = 0
  var f7 = 0
  var f8 = 0
  var f9 = 0
  var f10 = 0
  var f11 = 0
  var f12 = 0
  var f13 = 0
  var f14 = 0
  var f15 = 0
  var f16 = 0
  var f17 = 0
  var f18 = 0
  var f19 = 0
  var f20 = 0
  var f21 = 0
  var f22 = 0
  var f23 = 0
  var f24 = 0
  var f25 = 0
  var f26 = 0
  var f27 = 0
  var f28 = 0
  var f29 = 0
  var f30 = 0
  var f31 = 0
  var f32 = 0
  var f33 = 0
  var f34 = 0
  var f35 = 0
  var f36 = 0
  var f37 = 0
  var f38 = 0
  var f39 = 0
  var f40 = 0
  var f41 = 0
  var f42 = 0
  var f43 = 0
  var f44 = 0
  var f45 = 0
  var f46 = 0
  var f47 = 0
  var f48 = 0
  var f49 = 0
  var f50 = 0
  var f51 = 0
  var f52 = 0
  var f53 = 0
  var f54 = 0
  var f55 = 0
  var f56 = 0
  var f57 = 0
  var f58 = 0
  var f59 = 0
  var f60 = 0
  var f61 = 0
  var f62 = 0
  var f63 = 0
  var f64 = 0
  var f65 = 0
  var f66 = 0
  var f67 = 0
  var f68 = 0
  var f69 = 0
  var f70 = 0
  var f71 = 0
  var f72 = 0
  var f73 = 0
  var f74 = 0
  var f75 = 0
  var f76 = 0
  var f77 = 0
  var f78 = 0
  var f79 = 0
  var f80 = 0
  var f81 = 0
  var f82 = 0
  var f83 = 0
  var f84 = 0
  var f85 = 0
  var f86 = 0
  var f87 = 0
  var f88 = 0
  var f89 = 0
  var f90 = 0
  var f91 = 0
  var f92 = 0
  var f93 = 0
  var f94 = 0
  var f95 = 0
  var f96 = 0
  var f97 = 0
  var f98 = 0
  var f99 = 0

  /// A key path to each field.
  nonisolated(unsafe) static let fields: [ReferenceWritableKeyPath<ObservableWideModel, Int>] = [
    \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9, \.f10, \.f11, \.f12, \.f13,
    \.f14, \.f15, \.f16, \.f17, \.f18, \.f19, \.f20, \.f21, \.f22, \.f23, \.f24, \.f25, \.f26,
    \.f27, \.f28, \.f29, \.f30, \.f31, \.f32, \.f33, \.f34, \.f35, \.f36, \.f37, \.f38, \.f39,
    \.f40, \.f41, \.f42, \.f43, \.f44, \.f45, \.f46, \.f47, \.f48, \.f49, \.f50, \.f51, \.f52,
    \.f53, \.f54, \.f55, \.f56, \.f57, \.f58, \.f59, \.f60, \.f61, \.f62, \.f63, \.f64, \.f65,
    \.f66, \.f67, \.f68, \.f69, \.f70, \.f71, \.f72, \.f73, \.f74, \.f75, \.f76, \.f77, \.f78,
    \.f79, \.f80, \.f81, \.f82, \.f83, \.f84, \.f85, \.f86, \.f87, \.f88, \.f89, \.f90, \.f91,
    \.f92, \.f93, \.f94, \.f95, \.f96, \.f97, \.f98, \.f99,
  ]
}

/// A row of `observable.rows.*`: the state of a `CounterList` row as an `@Observable` class.
@Observable
final class ObservableRow {
  var count = 0
}
