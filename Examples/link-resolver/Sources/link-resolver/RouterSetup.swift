import ActivityRouter

/// Getting a router: from a table file (every diagnostic rendered, as `route-cli check` does),
/// or from a table built in code with ``RouteTable/Builder``.
enum RouterSetup {
  /// Loads and compiles a table file; on errors, returns the rendered diagnostics instead.
  static func load(_ path: String) -> Result<CompiledRouter, RenderedDiagnostics> {
    let loaded = TableLoader.load(contentsOf: path)
    let renderer = DiagnosticRenderer(sources: loaded.sources.isEmpty ? [loaded.source] : loaded.sources)
    guard let table = loaded.table, !loaded.diagnostics.hasErrors else {
      return .failure(RenderedDiagnostics(text: renderer.render(loaded.diagnostics)))
    }
    let compiled = RouteCompiler.compile(table)
    guard let router = compiled.router else {
      return .failure(RenderedDiagnostics(text: renderer.render(compiled.diagnostics)))
    }
    return .success(router)
  }

  /// The Notes routes of the README, built in code: what an app does when its routes live in
  /// Swift rather than in a JSON file.
  static func builtIn() throws(RouteTable.BuildError) -> CompiledRouter {
    var builder = RouteTable.Builder(app: "Notes", platform: .iPadOS, multipleScenes: true)
    builder.scene("main", title: "Notes")
    builder.scene("note-editor", title: "Note Editor", presents: "NoteID", matching: ["note-editor"])
    builder.url(
      "note", "notes://note/{id:uuid}", "https://notes.example.com/n/{id:uuid}",
      openWindow: "note-editor", value: ["id": "{id}"])
    builder.url("search", "notes://search?q={query}", deliverTo: "main", value: ["search": "{query}"])
    builder.url("tag", "notes://tag/{name}", deliverTo: "main", value: ["tag": "{name}"])
    builder.activity(
      "edit-handoff", "com.example.notes.edit", userInfo: ["noteID": "{id:uuid}"],
      openWindow: "note-editor", value: ["id": "{id}"])
    return try builder.compile()
  }
}

/// Diagnostics rendered for people, with their source lines and carets.
struct RenderedDiagnostics: Error {
  var text: String
}
