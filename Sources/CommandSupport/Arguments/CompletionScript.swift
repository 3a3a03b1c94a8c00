/// The shell completion script of a tool, for bash, zsh or fish, written from the same option
/// specs the parser and the help read, so completion cannot drift from what the tool accepts.
///
/// What completes: the subcommand names (with their abstracts where the shell shows them), each
/// subcommand's flags and options (with their help), the listed values of an option or argument
/// (`--color` → `auto always never`), and file names for positional arguments and for options
/// whose value is a `file` or a `path`.
///
/// ```swift
/// let script = CompletionScript(tool: .routeCLI, shell: .bash).text
/// // "_route_cli() { … }\ncomplete -o default -F _route_cli route-cli\n"
/// ```
package struct CompletionScript: Sendable {
  /// The shells a script can be written for.
  package enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
  }

  let tool: CommandLineTool
  let shell: Shell

  /// The script for `shell`.
  package init(tool: CommandLineTool, shell: Shell) {
    self.tool = tool
    self.shell = shell
  }

  /// The script's text.
  package var text: String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  /// One subcommand as the scripts see it.
  private struct Sub {
    var name: String
    var abstract: String
    var options: [OptionSpec]

    var flagsAndOptions: [OptionSpec] { options.filter { $0.kind != .positional } }
    var positionals: [OptionSpec] { options.filter { $0.kind == .positional } }
  }

  /// The subcommands, with the flags every command has (`--help`, and `--version` when the tool
  /// has one).
  private var subs: [Sub] {
    var common = [OptionSpec.flag("help", short: "h", help: "Show help information.")]
    if !tool.version.isEmpty { common.append(.flag("version", help: "Show the version.")) }
    return tool.subcommands.map {
      Sub(name: $0.configuration.name, abstract: $0.configuration.abstract, options: $0.options + common)
    }
  }

  /// Whether a value of `spec` is a file name.
  private static func takesFile(_ spec: OptionSpec) -> Bool {
    guard spec.allowedValues.isEmpty else { return false }
    return spec.kind == .positional || ["file", "path", "dir", "directory"].contains(spec.valueName)
  }

  private var function: String {
    "_" + String(tool.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  // MARK: - bash

  private var bash: String {
    var out = """
      # bash completion for \(tool.name) (written by `\(tool.name) completions bash`)
      \(function)() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        COMPREPLY=()
        if [[ $COMP_CWORD -eq 1 ]]; then
          COMPREPLY=($(compgen -W "\(subs.map(\.name).joined(separator: " ")) help --help --version" -- "$cur"))
          return
        fi
        case "${COMP_WORDS[1]}" in

      """
    for sub in subs {
      out += "    \(sub.name))\n      case \"$prev\" in\n"
      for spec in sub.flagsAndOptions where spec.kind == .option {
        let names = ["--" + spec.name] + (spec.shortName.map { ["-\($0)"] } ?? [])
        let action =
          !spec.allowedValues.isEmpty
          ? "COMPREPLY=($(compgen -W \"\(spec.allowedValues.joined(separator: " "))\" -- \"$cur\"))"
          : Self.takesFile(spec) ? "COMPREPLY=($(compgen -f -- \"$cur\"))" : ":"
        out += "        \(names.joined(separator: "|"))) \(action); return ;;\n"
      }
      out += "      esac\n"
      let words = sub.flagsAndOptions.flatMap { ["--" + $0.name] + ($0.shortName.map { ["-\($0)"] } ?? []) }
      out += "      if [[ $cur == -* ]]; then\n"
      out += "        COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))\n"
      if let values = sub.positionals.first(where: { !$0.allowedValues.isEmpty })?.allowedValues {
        out += "      else\n        COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\"))\n"
      } else if !sub.positionals.isEmpty {
        out += "      else\n        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      }
      out += "      fi\n      ;;\n"
    }
    out += """
          help)
            COMPREPLY=($(compgen -W "\(subs.map(\.name).joined(separator: " "))" -- "$cur"))
            ;;
        esac
      }
      complete -o default -F \(function) \(tool.name)

      """
    return out
  }

  // MARK: - zsh

  /// Text inside a zsh `'…'` string, where `[`, `]` and `:` of `_arguments` specs are escaped too.
  private static func zshQuoted(_ text: String, spec: Bool) -> String {
    var out = ""
    for c in text {
      switch c {
      case "'": out += "'\\''"
      case "[", "]", ":":
        if spec { out += "\\" }
        out.append(c)
      case "\\": out += "\\\\"
      default: out.append(c)
      }
    }
    return out
  }

  private var zsh: String {
    var out = """
      #compdef \(tool.name)
      # zsh completion for \(tool.name) (written by `\(tool.name) completions zsh`)
      \(function)() {
        local -a subcommands
        subcommands=(

      """
    for sub in subs {
      out += "    '\(Self.zshQuoted(sub.name, spec: true)):\(Self.zshQuoted(sub.abstract, spec: true))'\n"
    }
    out += """
          'help:Show help for a subcommand.'
        )
        if (( CURRENT == 2 )); then
          _describe -t commands 'subcommand' subcommands
          return
        fi
        local command=$words[2]
        shift 1 words
        (( CURRENT-- ))
        case $command in

      """
    for sub in subs {
      out += "    \(sub.name))\n      _arguments -s \\\n"
      for spec in sub.flagsAndOptions {
        let help = Self.zshQuoted(spec.help, spec: true)
        var names = "--" + spec.name
        if let short = spec.shortName { names = "{-\(short),--\(spec.name)}" }
        var action = ""
        if spec.kind == .option {
          let values =
            !spec.allowedValues.isEmpty
            ? "(\(spec.allowedValues.joined(separator: " ")))" : Self.takesFile(spec) ? "_files" : " "
          action = ":\(Self.zshQuoted(spec.valueName, spec: true)):\(values)"
        }
        let quotedNames = spec.shortName == nil ? "'\(names)[\(help)]\(action)'" : "\(names)'[\(help)]\(action)'"
        out += "        \(quotedNames) \\\n"
      }
      for (i, spec) in sub.positionals.enumerated() {
        let values = spec.allowedValues.isEmpty ? "_files" : "(\(spec.allowedValues.joined(separator: " ")))"
        let position = spec.isRepeatable ? "'*" : "'\(i + 1)"
        out += "        \(position):\(Self.zshQuoted(spec.valueName, spec: true)):\(values)' \\\n"
      }
      out += "        && return\n      ;;\n"
    }
    out += """
          help)
            _describe -t commands 'subcommand' subcommands
            ;;
        esac
      }
      \(function) "$@"

      """
    return out
  }

  // MARK: - fish

  /// Text inside a fish `'…'` string.
  private static func fishQuoted(_ text: String) -> String {
    var out = "'"
    for c in text {
      if c == "\\" || c == "'" { out += "\\" }
      out.append(c)
    }
    return out + "'"
  }

  private var fish: String {
    let names = (subs.map(\.name) + ["help"]).joined(separator: " ")
    var out = """
      # fish completion for \(tool.name) (written by `\(tool.name) completions fish`)
      complete -c \(tool.name) -f
      complete -c \(tool.name) -n "not __fish_seen_subcommand_from \(names)" -a help -d 'Show help for a subcommand.'

      """
    for sub in subs {
      out +=
        "complete -c \(tool.name) -n \"not __fish_seen_subcommand_from \(names)\" -a \(sub.name) -d \(Self.fishQuoted(sub.abstract))\n"
    }
    for sub in subs {
      let condition = "-n \"__fish_seen_subcommand_from \(sub.name)\""
      for spec in sub.flagsAndOptions {
        var line = "complete -c \(tool.name) \(condition) -l \(spec.name)"
        if let short = spec.shortName { line += " -s \(short)" }
        if spec.kind == .option {
          if !spec.allowedValues.isEmpty {
            line += " -x -a \(Self.fishQuoted(spec.allowedValues.joined(separator: " ")))"
          } else {
            line += Self.takesFile(spec) ? " -r -F" : " -x"
          }
        }
        out += line + " -d \(Self.fishQuoted(spec.help))\n"
      }
      if let values = sub.positionals.first(where: { !$0.allowedValues.isEmpty })?.allowedValues {
        out += "complete -c \(tool.name) \(condition) -a \(Self.fishQuoted(values.joined(separator: " ")))\n"
      } else if !sub.positionals.isEmpty {
        out += "complete -c \(tool.name) \(condition) -F\n"
      }
    }
    out += "complete -c \(tool.name) -n \"__fish_seen_subcommand_from help\" -a \(Self.fishQuoted(names))\n"
    return out
  }
}
