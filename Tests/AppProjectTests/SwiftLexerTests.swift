import ActivityRouter
import AppProject
import Testing

/// The Swift lexer: what is a token, what is a comment or a string, and which `#if` branch a
/// platform compiles.
@Suite struct SwiftLexerTests {
  static func lex(_ text: String) -> SwiftLexer.Lexed {
    SwiftLexer.tokens(of: SourceText(file: "A.swift", text: text))
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var source: String
    /// The strings the source holds, in order ("…" for an interpolated one).
    var strings: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    .init(name: "a plain literal", source: #"WindowGroup("Garden", id: "main")"#, strings: ["Garden", "main"]),
    .init(
      name: "escapes", source: #"let s = "a\"b\\c\n\u{1F331}""#, strings: ["a\"b\\c\n\u{1F331}"]),
    .init(
      name: "an interpolation, with a string inside it, has no value",
      source: #"let s = "id-\(name.isEmpty ? "x" : name)"; let t = "after""#, strings: ["…", "after"]),
    .init(name: "a raw string keeps backslashes", source: ##"let s = #"a\nb"#"##, strings: [#"a\nb"#]),
    .init(
      name: "a raw string with a quote inside", source: ###"let s = ##"say "#hi"#"##"###, strings: [##"say "#hi"#"##]),
    .init(
      name: "a raw interpolation has no value", source: ##"let s = #"a\#(x)b"#"##, strings: ["…"]),
    .init(
      name: "a multi-line string loses its closing indentation",
      source: "let s = \"\"\"\n    one\n      two\n    \"\"\"\nlet t = \"x\"", strings: ["one\n  two", "x"]),
    .init(
      name: "strings in comments are not strings",
      source: "// WindowGroup(id: \"line\")\n/* a /* nested */ \"block\" */ let s = \"real\"", strings: ["real"]),
    .init(
      name: "a comment marker inside a string", source: #"let u = "https://example.com""#,
      strings: ["https://example.com"]),
  ]

  @Test(arguments: cases) func readsStrings(_ c: Case) {
    let lexed = Self.lex(c.source)
    #expect(lexed.diagnostics.isEmpty)
    let strings = lexed.tokens.filter { $0.kind == .string }.map { $0.isInterpolated ? "…" : $0.text }
    #expect(strings == c.strings)
  }

  @Test func tokensKeepTheirOffsetsAndLineBreaks() {
    let tokens = Self.lex("a.b(c)\n  .d").tokens
    #expect(tokens.map(\.text) == ["a", ".", "b", "(", "c", ")", ".", "d"])
    #expect(tokens[6].newlineBefore)
    #expect(!tokens[1].newlineBefore)
    #expect(tokens[7].offset == 10)
  }

  @Test(arguments: [
    ("let s = \"open\nlet t = 1", "1:9", "the string literal is not closed"),
    ("/* never closed\nlet x = 1", "1:1", "the comment is not closed"),
  ])
  func reportsUnclosedLiterals(source: String, at: String, message: String) throws {
    let d = try #require(Self.lex(source).diagnostics.first)
    #expect(d.code == .swiftSyntax)
    #expect("\(d.location!.line):\(d.location!.column)" == at)
    #expect(d.message.hasPrefix(message))
  }

  static let multiplatform = """
    #if os(visionOS)
    A
    #elseif os(macOS)
    B
    #elseif targetEnvironment(macCatalyst)
    C
    #else
    D
    #endif
    #if !os(iOS) || DEBUG
    E
    #endif
    #if canImport(UIKit) && canImport(SwiftUI)
    F
    #endif
    """

  @Test(arguments: [
    (Platform.visionOS, [], "A E F"), (.macOS, [], "B E"), (.macCatalyst, [], "C F"), (.iPadOS, [], "D F"),
    (.iPadOS, ["DEBUG"], "D E F"),
  ])
  func compilesTheBranchOfEachPlatform(platform: Platform, flags: [String], expected: String) {
    let source = SourceText(file: "A.swift", text: Self.multiplatform)
    var log = DiagnosticLog()
    let active = SwiftLexer.activeTokens(
      Self.lex(Self.multiplatform).tokens, in: source,
      conditions: CompilationConditions(platform: platform, flags: Set(flags)), log: &log)
    #expect(active.map(\.text).joined(separator: " ") == expected)
    #expect(log.diagnostics.isEmpty)
  }

  @Test func reportsWhatItCannotEvaluate() {
    let text = "#if hasSymbol(Foo) || 1 < 2\nX\n#endif\n#if canImport(GardenKit)\nY\n#endif\n#if os(iOS)\nZ\n"
    let source = SourceText(file: "A.swift", text: text)
    var log = DiagnosticLog()
    let active = SwiftLexer.activeTokens(
      Self.lex(text).tokens, in: source, conditions: CompilationConditions(platform: .iPadOS), log: &log)
    #expect(active.map(\.text) == ["Y", "Z"])
    #expect(log.diagnostics.map(\.severity) == [.warning, .note, .error])
    #expect(log.diagnostics.map { $0.location!.line } == [1, 4, 7])
  }
}
