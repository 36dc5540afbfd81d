/// An action as the user thinks of it: `counter(incrementTapped)` rather than
/// `counter(ReducerKitExamples.Counter.Action.incrementTapped)`.
///
/// Drops every type qualifier (a capitalised name, with any generic arguments, before a dot) and
/// writes the demo's sequential UUIDs as `#1`, `#2`.
func describe(_ action: DemoApp.Action) -> String {
  let text = shortened(String(describing: action))
  // A loaded value can be long; the state line after it shows what matters.
  return text.count <= maximumDescriptionLength
    ? text : String(text.prefix(maximumDescriptionLength - 1)) + "…"
}

/// The longest action description printed whole.
let maximumDescriptionLength = 140

/// ``describe(_:)``'s work on any description.
func shortened(_ text: String) -> String {
  let characters = Array(text)
  var result = ""
  var index = 0
  while index < characters.count {
    if let end = qualifierEnd(in: characters, from: index) {
      index = end
      continue
    }
    if let (uuid, end) = uuid(in: characters, from: index) {
      result += uuid
      index = end
      continue
    }
    result.append(characters[index])
    index += 1
  }
  return result
}

/// Where a type qualifier starting at `start` ends (after its dot), or `nil` if none starts there.
private func qualifierEnd(in characters: [Character], from start: Int) -> Int? {
  guard characters[start].isUppercase,
    start == 0 || !(characters[start - 1].isLetter || characters[start - 1].isNumber)
  else { return nil }
  var index = start
  while index < characters.count,
    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
  {
    index += 1
  }
  if index < characters.count, characters[index] == "<" {
    var depth = 0
    while index < characters.count {
      if characters[index] == "<" { depth += 1 }
      if characters[index] == ">" { depth -= 1 }
      index += 1
      if depth == 0 { break }
    }
  }
  guard index < characters.count, characters[index] == ".",
    index + 1 < characters.count, characters[index + 1].isLetter
  else { return nil }
  return index + 1
}

/// A UUID written by the demo's incrementing generator (`00000000-…-000000000003`) as `#3`;
/// any other UUID as its first eight digits.
private func uuid(in characters: [Character], from start: Int) -> (String, Int)? {
  let length = 36
  guard start + length <= characters.count,
    start == 0 || !characters[start - 1].isHexDigit
  else { return nil }
  let candidate = characters[start..<start + length]
  for (offset, character) in candidate.enumerated() {
    let isDash = [8, 13, 18, 23].contains(offset)
    guard isDash ? character == "-" : character.isHexDigit else { return nil }
  }
  let digits = String(candidate.filter { $0 != "-" })
  if digits.dropLast(8).allSatisfy({ $0 == "0" }), let number = Int(digits.suffix(8), radix: 16) {
    return ("#\(number)", start + length)
  }
  return (String(digits.prefix(8)), start + length)
}
