// Shared by every fuzz target (each target binary is this file, its own file and the library).
// A broken invariant calls `fuzzFailure`, which traps: libFuzzer saves the input as a crash.
import ActivityRouter

/// Stops the run with a message; libFuzzer reports it as a crash and keeps the input.
func fuzzFailure(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
  fatalError("invariant broken: \(message())", file: file, line: line)
}

/// Checks an invariant of the code under test.
func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line)
{
  if !condition { fuzzFailure(message(), file: file, line: line) }
}

/// The fuzz input as a buffer.
func withInput<T>(_ data: UnsafePointer<UInt8>, _ size: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
  body(UnsafeBufferPointer(start: size == 0 ? nil : data, count: size))
}

/// Loads and compiles a table given as JSON text; nil when it has errors.
func compileTable(_ json: [UInt8]) -> CompiledRouter? {
  let loaded = TableLoader.load(source: SourceText(file: "fuzz.json", bytes: json))
  guard !loaded.diagnostics.contains(where: { $0.severity == .error }), let table = loaded.table else { return nil }
  let compiled = RouteCompiler.compile(table)
  if compiled.diagnostics.contains(where: { $0.severity == .error }) {
    fuzzCheck(compiled.router == nil || true, "")
    return nil
  }
  guard let router = compiled.router else { fuzzFailure("no errors but no router") }
  return router
}

/// The table every line target routes against: the Notes fixture, inlined so that the binary
/// needs no files.
let notesTable = #"""
  {
    "app": "Notes", "platform": "iPadOS", "multipleScenes": true,
    "scenes": [
      { "id": "main", "title": "Notes" },
      { "id": "note-editor", "title": "Note Editor", "presents": "NoteID", "matching": ["note-editor"] }
    ],
    "routes": [
      { "name": "home", "url": ["notes://notes", "https://notes.example.com/"], "deliver": { "scene": "main" } },
      { "name": "note", "url": ["notes://note/{id:uuid}", "https://notes.example.com/n/{id:uuid}"],
        "openWindow": { "id": "note-editor", "value": { "id": "{id}" } } },
      { "name": "note-attachment", "url": "https://notes.example.com/n/{id:uuid}/attachments/{path*}",
        "openWindow": { "id": "note-editor", "value": { "id": "{id}" } } },
      { "name": "close-note", "url": "notes://note/{id:uuid}/close",
        "dismissWindow": { "id": "note-editor", "value": { "id": "{id}" } } },
      { "name": "new-note", "url": "notes://new?title={title?}", "openWindow": { "id": "note-editor" } },
      { "name": "search", "url": "notes://search?q={query}", "deliver": { "scene": "main", "value": { "search": "{query}" } } },
      { "name": "tag", "url": ["notes://tag/{name}", "https://notes.example.com/tags/{name}"],
        "deliver": { "scene": "main", "value": { "tag": "{name}" } } },
      { "name": "page", "url": "notes://page/{n:int}/{tab?}#{section?}", "deliver": { "scene": "main" } },
      { "name": "any-sub", "url": "https://*.notes.example.com/x/*", "deliver": {} },
      { "name": "edit-handoff", "activity": "com.example.notes.edit", "userInfo": { "noteID": "{id:uuid}" },
        "openWindow": { "id": "note-editor", "value": { "id": "{id}" } } }
    ]
  }
  """#

let notesRouter: CompiledRouter = {
  guard let router = compileTable(Array(notesTable.utf8)) else { fuzzFailure("the Notes table does not compile") }
  return router
}()

/// The table of the bulk target: typed parameters, catch-alls, value templates of every kind,
/// and a scene whose matching set reads the URL.
let bulkTable = #"""
  {
    "app": "Bulk", "platform": "iPadOS", "multipleScenes": true,
    "scenes": [ { "id": "main" }, { "id": "other" }, { "id": "picky", "matching": ["picky"] } ],
    "routes": [
      { "name": "repo", "url": "https://example.com/repos/{owner}/{repo}",
        "deliver": { "scene": "main", "value": { "owner": "{owner}", "both": "{owner}/{repo}", "n": 1 } } },
      { "name": "order", "url": "https://example.com/orders/{n:int}",
        "deliver": { "scene": "main", "value": ["{n}", "order-{n}", true, null] } },
      { "name": "order-tab", "url": "bulk://order/{n:int}/{tab?}", "deliver": { "scene": "main", "value": ["{n}", "{tab}", "<{tab}>"] } },
      { "name": "item", "url": "https://example.com/items/{u:uuid}", "deliver": { "scene": "main", "value": "{u}" } },
      { "name": "files", "url": "https://example.com/files/{path*}", "deliver": { "scene": "main", "value": { "p": "<{path}>" } } },
      { "name": "star", "url": "https://example.com/w/*/x", "deliver": { "scene": "other" } },
      { "name": "elsewhere", "url": "https://example.com/e/{x}", "deliver": { "scene": "other", "value": "{x}" } },
      { "name": "users", "url": "https://example.com/users/{id}", "deliver": { "scene": "main" } },
      { "name": "new-user", "url": "https://example.com/users/new", "deliver": { "scene": "main" } },
      { "name": "search", "url": "https://example.com/search?q={q}", "deliver": { "scene": "main", "value": "{q}" } },
      { "name": "handoff", "activity": "com.example.view", "deliver": { "scene": "main" } }
    ]
  }
  """#

let bulkRouter: CompiledRouter = {
  guard let router = compileTable(Array(bulkTable.utf8)) else { fuzzFailure("the bulk table does not compile") }
  return router
}()

let bulkSessions: SessionState = {
  let text =
    #"{ "sessions": [ { "id": "s1", "scene": "main", "state": "background" }, { "id": "s4", "scene": "other" } ] }"#
  guard let state = SessionState.load(source: SourceText(file: "s", text: text), table: bulkRouter.table).0 else {
    fuzzFailure("the bulk sessions do not load")
  }
  return state
}()

/// Builds the shared routers before the first input, so that libFuzzer's leak check never
/// counts its allocations against an input. (Swift keeps enum tags in a pointer's spare bits,
/// which LeakSanitizer cannot follow: the router reached only through a global would look leaked.)
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
  _ = notesRouter
  _ = bulkSessions
  return 0
}
