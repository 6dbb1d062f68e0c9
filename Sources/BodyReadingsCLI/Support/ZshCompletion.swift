/// The zsh completion of `bodyreadings` (`_bodyreadings`, for `$fpath`), generated from the command and option
/// declarations like the bash one.
enum ZshCompletion {
    static func script(_ commands: [CommandSpec], version: String) -> String {
        var text = """
            #compdef bodyreadings
            # zsh completion for bodyreadings \(version), generated from its option declarations.

            _bodyreadings_source() {
                if compset -P 'replay:' || compset -P 'serve:'; then _files; return; fi
                compadd -S '' replay: serve:
                compadd iio sim serve
            }

            _bodyreadings_context() {
                if compset -P 'xml:'; then _files; return; fi
                compadd -S '' local: ip: usb: xml:
            }

            _bodyreadings() {
                local -a subcommands
                subcommands=(

            """
        for spec in commands {
            text += "        \(quoted("\(spec.name):\(summary(spec.overview))"))\n"
        }
        text += """
                )
                if (( CURRENT == 2 )); then
                    _describe -t subcommands 'subcommand' subcommands
                    compadd -- --version --help help
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in
                help) _describe -t subcommands 'subcommand' subcommands ;;

            """
        for spec in commands {
            text += "    \(spec.name))\n        _arguments -s \\\n"
            for option in spec.options {
                text += "            \(argument(option)) \\\n"
            }
            text += "            '(-h --help)'{-h,--help}'[Show help information.]'"
            for (index, positional) in spec.positionals.enumerated() {
                let optional = positional.optional ? ":" : ""
                text += " \\\n            \(quoted("\(optional)\(index + 1):\(positional.name):\(action(positional.kind))"))"
            }
            text += "\n        ;;\n"
        }
        text += """
                esac
            }

            _bodyreadings "$@"

            """
        return text
    }

    /// One `_arguments` spec: `--name[help]:value:action`, with the spellings grouped (`-o`, `--output`).
    static func argument(_ option: OptionSpec) -> String {
        let help = "[\(summary(option.help))]"
        let value = option.valueName.map { ":\($0.lowercased()):\(action(option.kind))" } ?? ""
        guard option.names.count > 1 else { return quoted(option.name + help + value) }
        let names = option.names.joined(separator: " ")
        return quoted("(\(names))") + "{\(option.names.joined(separator: ","))}" + quoted(help + value)
    }

    /// The completion action for a value of `kind`.
    static func action(_ kind: OptionValueKind) -> String {
        switch kind {
        case .flag, .text, .number, .wholeNumber: return " "
        case .choice(let values): return "(\(values.joined(separator: " ")))"
        case .file: return "_files"
        case .source: return "_bodyreadings_source"
        case .context: return "_bodyreadings_context"
        }
    }

    /// The first sentence of `help`, without the characters `_arguments` reads in a description.
    static func summary(_ help: String) -> String {
        let sentence = help.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? help
        return String(sentence.filter { !"[]:\\".contains($0) })
    }

    /// `text` in single quotes for zsh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
