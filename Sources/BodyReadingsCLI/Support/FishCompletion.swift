/// The fish completion of `bodyreadings`, generated from the command and option declarations like the bash one.
enum FishCompletion {
    static func script(_ commands: [CommandSpec], version: String) -> String {
        let names = commands.map(\.name).joined(separator: " ")
        var text = """
            # fish completion for bodyreadings \(version), generated from its option declarations.

            function __bodyreadings_forms --argument-names forms prefixes
                set -l token (commandline -ct)
                for prefix in (string split ' ' -- $prefixes)
                    if string match -q -- "$prefix*" $token
                        set -l rest (string replace -- $prefix '' $token)
                        for file in (__fish_complete_path $rest)
                            echo $prefix$file
                        end
                        return
                    end
                end
                string split ' ' -- $forms
            end

            complete -c bodyreadings -f
            complete -c bodyreadings -n __fish_use_subcommand -l version -d 'Show the version.'
            complete -c bodyreadings -s h -l help -d 'Show help information.'
            complete -c bodyreadings -n __fish_use_subcommand -a help -d 'Show help for a subcommand.'
            complete -c bodyreadings -n '__fish_seen_subcommand_from help' -a '\(names)'

            """
        for spec in commands {
            text += "complete -c bodyreadings -n __fish_use_subcommand -a \(spec.name) -d \(quoted(spec.overview))\n"
        }
        for spec in commands {
            let condition = "-n '__fish_seen_subcommand_from \(spec.name)'"
            for option in spec.options {
                var line = "complete -c bodyreadings \(condition)"
                for name in option.names {
                    line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                line += values(option.kind)
                text += line + " -d \(quoted(option.help))\n"
            }
            if let positional = spec.positionals.first {
                text += "complete -c bodyreadings \(condition)\(values(positional.kind))\n"
            }
        }
        return text
    }

    /// The flags that say what a value of `kind` is.
    static func values(_ kind: OptionValueKind) -> String {
        switch kind {
        case .flag: return ""
        case .text, .number, .wholeNumber: return " -x"
        case .choice(let values): return " -x -a \(quoted(values.joined(separator: " ")))"
        case .file: return " -r -F"
        case .source: return " -x -a '(__bodyreadings_forms \"iio sim replay: serve serve:\" \"replay: serve:\")'"
        case .context: return " -x -a '(__bodyreadings_forms \"local: ip: usb: xml:\" \"xml:\")'"
        }
    }

    /// `text` in single quotes for fish.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
