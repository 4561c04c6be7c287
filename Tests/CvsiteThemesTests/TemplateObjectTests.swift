import Testing

@testable import CvsiteThemes

/// The member list behind template objects behaves as a dictionary would.
@Suite struct TemplateObjectTests {
  @Test func membersKeepTheOrderTheyWereFirstSet() {
    var object: TemplateObject = ["b": 1, "a": 2]
    object["c"] = 3
    object["b"] = 4
    #expect(object.names == ["b", "a", "c"])
    #expect(object["b"] == 4)
    #expect(object.count == 3)
  }

  @Test func namesOfOneLengthAreToldApart() {
    // Equal lengths reach the text comparison; a long name is not stored inline.
    let long = String(repeating: "x", count: 40)
    let object: TemplateObject = ["id": 1, "ix": 2, "xd": 3, "\(long)a": 4, "\(long)b": 5, "é": 6]
    #expect(object["ix"] == 2)
    #expect(object["xd"] == 3)
    #expect(object["\(long)b"] == 5)
    #expect(object["é"] == 6)
    #expect(object["e"] == nil)
    #expect(object["i"] == nil)
  }

  @Test func aRepeatedNameInALiteralKeepsItsLastValue() {
    let object: TemplateObject = ["a": 1, "b": 2, "a": 3]
    #expect(object.count == 2)
    #expect(object["a"] == 3)
    let value: TemplateValue = ["k": "first", "k": "second"]
    #expect(value["k"] == "second")
  }

  @Test func settingNilAndRemovingDropTheMember() {
    var object: TemplateObject = ["a": 1, "b": 2, "c": 3]
    object["b"] = nil
    #expect(object.names == ["a", "c"])
    #expect(object.removeValue(forName: "a") == 1)
    #expect(object.removeValue(forName: "zz") == nil)
    #expect(object.names == ["c"])
    object["missing"] = nil
    #expect(object.count == 1)
  }

  @Test func equalityIgnoresOrder() {
    let one: TemplateObject = ["a": 1, "b": ["c": true]]
    let two: TemplateObject = ["b": ["c": true], "a": 1]
    #expect(one == two)
    #expect(one != ["a": 1, "b": ["c": false]])
    #expect(one != ["a": 1])
    let members: [(String, TemplateValue)] = [("b", ["c": true]), ("a", 1)]
    #expect(TemplateObject(uniqueNamesWithValues: members) == one)
  }

  @Test func nestedSetsCreateAndReplaceObjects() {
    var value: TemplateValue = ["a": "text"]
    value.set(true, at: ["a", "b"])
    value.set(1, at: ["x", "y", "z"])
    #expect(value == ["a": ["b": true], "x": ["y": ["z": 1]]])
    value.set(2, at: ["a", "c"])
    if case .object(let members) = value {
      #expect(members.names == ["a", "x"])
    } else {
      Issue.record("not an object")
    }
  }

  @Test("a large object finds its members by name as a small one does, through every change")
  func largeObjects() {
    let members = (0..<100).map { ("word\($0)", TemplateValue.int($0)) }
    var object = TemplateObject(uniqueNamesWithValues: members)
    #expect(object["word0"] == .int(0) && object["word99"] == .int(99) && object["word100"] == nil)
    object["word100"] = .int(100)
    object["word5"] = .int(-5)
    #expect(object["word100"] == .int(100) && object["word5"] == .int(-5) && object.count == 101)
    #expect(object.removeValue(forName: "word3") == .int(3))
    object["word50"] = nil
    #expect(object["word3"] == nil && object["word50"] == nil && object["word99"] == .int(99))
    #expect(object.count == 99)
    #expect(object.names.prefix(4) == ["word0", "word1", "word2", "word4"])
  }
}
