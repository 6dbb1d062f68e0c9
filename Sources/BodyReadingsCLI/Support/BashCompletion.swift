/// The bash completion of `bodyreadings`, generated from the command and option declarations: subcommands, each
/// command's options, the values of a fixed set, files where a file is expected, and the `--source` and `--uri`
/// forms (`replay:FILE`, `serve:SOCKET`, `xml:FILE`).
enum BashCompletion {
    static func script(_ commands: [CommandSpec], version: String) -> String {
        var text = """
            # bash completion for bodyreadings \(version), generated from its option declarations.

            _bodyreadings_files() {
                compopt -o filenames 2>/dev/null
                local IFS=$'\\n'
                COMPREPLY=($(compgen -f -- "$1"))
            }

            # A value FORM:FILE (replay:, serve:, xml:): the forms first, then files after the chosen form.
            _bodyreadings_forms() {
                local cur=$1 forms=$2 form
                for form in $3; do
                    if [[ $cur == "$form"* ]]; then
                        _bodyreadings_files "${cur#"$form"}"
                        COMPREPLY=("${COMPREPLY[@]/#/$form}")
                        return
                    fi
                done
                COMPREPLY=($(compgen -W "$forms" -- "$cur"))
                [[ ${COMPREPLY[0]} == *: ]] && compopt -o nospace 2>/dev/null
            }

            _bodyreadings() {
                local cur prev words cword
                if declare -F _init_completion >/dev/null; then
                    _init_completion -n := || return
                else
                    words=("${COMP_WORDS[@]}")
                    cword=$COMP_CWORD
                    cur=${COMP_WORDS[COMP_CWORD]}
                    prev=${COMP_WORDS[COMP_CWORD - 1]}
                fi
                if [[ $cword -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) help --help --version" -- "$cur"))
                    return
                fi
                case ${words[1]} in
                help) COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur")) ;;

            """
        for spec in commands {
            text += "    \(spec.name))\n        case $prev in\n"
            for option in spec.options where option.kind != .flag {
                text += "        \(option.names.joined(separator: "|"))) \(values(option.kind)); return ;;\n"
            }
            text += "        esac\n"
            let options = spec.options.flatMap(\.names) + ["--help"]
            text += "        if [[ $cur == -* ]]; then\n"
            text += "            COMPREPLY=($(compgen -W \"\(options.joined(separator: " "))\" -- \"$cur\"))\n"
            if let positional = spec.positionals.first {
                text += "        else\n            \(values(positional.kind))\n"
            }
            text += "        fi\n        ;;\n"
        }
        text += """
                esac
            }
            complete -F _bodyreadings bodyreadings

            """
        return text
    }

    /// The shell code that completes a value of `kind` (the word being completed is `$cur`).
    static func values(_ kind: OptionValueKind) -> String {
        switch kind {
        case .flag, .text, .number, .wholeNumber: return "COMPREPLY=()"
        case .choice(let values): return "COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\"))"
        case .file: return "_bodyreadings_files \"$cur\""
        case .source: return "_bodyreadings_forms \"$cur\" \"iio sim replay: serve serve:\" \"replay: serve:\""
        case .context: return "_bodyreadings_forms \"$cur\" \"local: ip: usb: xml:\" \"xml:\""
        }
    }
}
