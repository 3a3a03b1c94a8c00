import ActivityRouter
import AppProject
import Foundation
import Testing

/// The positioned old-style plist reader: the same values as Foundation's reader, a position for
/// every key, and recovery after an error.
@Suite struct OpenStepPlistTests {
  static let project = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = 77;
    \tobjects = {
    /* Begin XCBuildConfiguration section */
    \t\tA1 /* Debug */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tINFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES;
    \t\t\t\t"OTHER[sdk=iphoneos*]" = "a \\"quoted\\" value\\n";
    \t\t\t\tLD_RUNPATH_SEARCH_PATHS = (
    \t\t\t\t\t"$(inherited)",
    \t\t\t\t\t"@executable_path/Frameworks",
    \t\t\t\t);
    \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.garden;
    \t\t\t};
    \t\t\tname = Debug;
    \t\t\tdata = <0fbd77 1a>;
    \t\t};
    /* End XCBuildConfiguration section */
    \t};
    \trootObject = A1 /* Project object */;
    }
    """

  /// The plist as nested Foundation values, for comparing with `PropertyListSerialization`.
  static func foundationValue(_ node: PlistNode) -> AnyHashable {
    switch node.kind {
    case .string(let s): return s
    case .data(let d): return Data(d)
    case .array(let a): return a.map(foundationValue)
    case .dictionary(let entries):
      return Dictionary(entries.map { ($0.key, foundationValue($0.value)) }, uniquingKeysWith: { _, b in b })
    }
  }

  static func foundationRead(_ text: String) throws -> NSDictionary {
    var format = PropertyListSerialization.PropertyListFormat.xml
    let value = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: &format)
    #expect(format == .openStep)
    return try #require(value as? NSDictionary)
  }

  @Test func readsWhatFoundationReads() throws {
    let parsed = OpenStepPlist.parse(SourceText(file: "project.pbxproj", text: Self.project))
    #expect(parsed.diagnostics.isEmpty)
    let ours = try #require(parsed.root.map(Self.foundationValue) as? [String: AnyHashable])
    let theirs = try Self.foundationRead(Self.project)
    #expect(NSDictionary(dictionary: ours) == theirs)
  }

  @Test func keepsThePositionOfEveryKey() throws {
    let source = SourceText(file: "project.pbxproj", text: Self.project)
    let root = try #require(OpenStepPlist.parse(source).root)
    let settings = try #require(root["objects"]?["A1"]?["buildSettings"])
    let entry = try #require(settings.entry("PRODUCT_BUNDLE_IDENTIFIER"))
    #expect(source.location(at: entry.keyOffset).description == "project.pbxproj:18:5")
    #expect(settings["OTHER[sdk=iphoneos*]"]?.string == "a \"quoted\" value\n")
    #expect(settings["LD_RUNPATH_SEARCH_PATHS"]?.strings == ["$(inherited)", "@executable_path/Frameworks"])
  }

  struct BrokenCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    /// `line:col` of the first diagnostic.
    var at: String
    var message: String
    /// A key that must still be read after the error.
    var survivor: String?
    var testDescription: String { name }
  }

  static let broken: [BrokenCase] = [
    .init(
      name: "a value missing its ';' costs that entry only",
      text: "{\n  a = 1\n  b = 2;\n  c = 3;\n}", at: "3:3", message: "expected ';' after the value of 'a'",
      survivor: "c"),
    .init(
      name: "a stray character in a nested dictionary",
      text: "{\n  o = { x = @; y = 2; };\n  z = 1;\n}", at: "2:13",
      message: "unexpected '@'; expected a string, '{', '(' or '<'", survivor: "z"),
    .init(
      name: "an unclosed dictionary at the end of the file",
      text: "{\n  a = 1;\n  b = { c = 2;\n", at: "4:1", message: "the dictionary is not closed: expected '}'",
      survivor: "a"),
    .init(
      name: "an unclosed string", text: "{\n  a = \"open;\n}\n", at: "2:7",
      message: "the string is not closed with '\"'", survivor: nil),
    .init(
      name: "a missing '=' after a key", text: "{\n  a 1;\n  b = 2;\n}", at: "2:5",
      message: "expected '=' after the key 'a'", survivor: "b"),
    .init(name: "an empty file", text: "  \n", at: "1:1", message: "the file is empty; expected a property list"),
  ]

  @Test(arguments: broken) func reportsAndRecovers(_ c: BrokenCase) throws {
    let parsed = OpenStepPlist.parse(SourceText(file: "p.pbxproj", text: c.text))
    let first = try #require(parsed.diagnostics.first)
    #expect(first.code == .plistSyntax)
    #expect(first.location.map { "\($0.line):\($0.column)" } == c.at)
    #expect(first.message == c.message)
    if let survivor = c.survivor { #expect(parsed.root?[survivor] != nil) }
  }

  @Test func anUnclosedDictionaryPointsAtWhereItOpens() throws {
    let parsed = OpenStepPlist.parse(SourceText(file: "p.pbxproj", text: "{\n  a = {\n    b = 1;\n"))
    let diagnostic = try #require(parsed.diagnostics.first { $0.message.contains("not closed") })
    #expect(diagnostic.notes.first?.location?.description == "p.pbxproj:2:7")
  }
}
