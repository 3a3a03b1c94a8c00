import ActivityRouter
import Testing

@testable import CommandSupport
@testable import route_cli

/// `route-cli url`: reverse routing from the command line.
@Suite struct URLCommandTests {
  @Test(arguments: [
    (["search", "query=a&b c"], "notes://search?q=a%26b%20c\n"),
    (
      ["note", "id=6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "--pattern", "1"],
      "https://notes.example.com/n/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11\n"
    ),
    (
      ["note-attachment", "id=6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11", "path=images/cat 1.png"],
      "https://notes.example.com/n/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11/attachments/images/cat%201.png\n"
    ),
  ])
  func buildsTheURL(_ arguments: [String], _ expected: String) {
    let run = runRouteCLI(["url", "Fixtures/Notes/Notes.routes.json"] + arguments)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout == expected)
    #expect(run.stderr == "")
  }

  @Test func anUnknownRouteSuggestsOne() {
    let run = runRouteCLI(["url", "Fixtures/Notes/Notes.routes.json", "serch"])
    #expect(run.status == .failure)
    #expect(run.stderr == "error: no route is named 'serch' [unknown-route]. Did you mean 'search'?\n")
  }

  /// A misspelt parameter is an error that names what the route takes, not a URL without it.
  @Test func anUnknownParameterIsRefusedWithTheRouteParameters() {
    let run = runRouteCLI(["url", "Fixtures/Notes/Notes.routes.json", "search", "query=x", "qeury=y"])
    #expect(run.status == .failure)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "error: route 'search' has no parameter 'qeury' (it takes 'query'); did you mean 'query'? [unknown-parameter]\n"
    )
  }

  @Test func aValuePrecedenceSendsElsewhereIsRefused() {
    let run = runRouteCLI(["url", "Fixtures/Forge/Forge.routes.json", "profile", "handle=explore"])
    #expect(run.status == .failure)
    #expect(run.stderr.contains("would be taken by route 'site-explore'"))
  }

  @Test func aParameterWithoutEqualsIsAUsageError() {
    let run = runRouteCLI(["url", "Fixtures/Notes/Notes.routes.json", "search", "query"])
    #expect(run.status == .usageError)
  }
}
