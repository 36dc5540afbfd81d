import Foundation
import Testing

@testable import ReducerKit

@Suite struct AppStorageValueTests {
  @Test func eachTypeReadsBackWhatItWrote() {
    let defaults = UserDefaults(suiteName: "reducerkit.values.\(UUID().uuidString)")!
    true.write(to: defaults, forKey: "bool")
    7.write(to: defaults, forKey: "int")
    2.5.write(to: defaults, forKey: "double")
    "text".write(to: defaults, forKey: "string")
    Data([1, 2]).write(to: defaults, forKey: "data")
    let date = Date(timeIntervalSince1970: 1_000)
    date.write(to: defaults, forKey: "date")
    URL(string: "https://example.com/a?b=c")!.write(to: defaults, forKey: "url")
    #expect(Bool.read(from: defaults, forKey: "bool") == true)
    #expect(Int.read(from: defaults, forKey: "int") == 7)
    #expect(Double.read(from: defaults, forKey: "double") == 2.5)
    #expect(String.read(from: defaults, forKey: "string") == "text")
    #expect(Data.read(from: defaults, forKey: "data") == Data([1, 2]))
    #expect(Date.read(from: defaults, forKey: "date") == date)
    #expect(URL.read(from: defaults, forKey: "url")?.absoluteString == "https://example.com/a?b=c")
    #expect(Int.read(from: defaults, forKey: "missing") == nil)
    #expect(String.read(from: defaults, forKey: "int") == nil)
  }

  @Test func anOptionalIsPresentOnlyWhenStoredAndNilRemovesIt() {
    let defaults = UserDefaults(suiteName: "reducerkit.values.\(UUID().uuidString)")!
    #expect(Int?.read(from: defaults, forKey: "count") == nil)
    Int?(3).write(to: defaults, forKey: "count")
    #expect(Int?.read(from: defaults, forKey: "count") == .some(3))
    Int?.none.write(to: defaults, forKey: "count")
    #expect(defaults.object(forKey: "count") == nil)
  }
}
