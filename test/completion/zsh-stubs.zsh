# Loaded before completions/_agents in the zsh test: the completion builtins print what
# they were given instead of drawing a menu, so a plain `zsh -f` can run the function.
compdef() { : }
_describe() {
  local -a names; local arg n e skip=0
  for arg in "$@"; do
    if (( skip )); then skip=0; continue; fi
    case $arg in -t|-J|-V|-o) skip=1; continue ;; --) continue ;; esac
    names+=($arg)
  done
  for n in ${names[2,-1]}; do for e in "${(@P)n}"; do print -r -- "$e"; done; done
}
compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }
_files() { print -- '<files>' }
source "$AGENTS_COMPLETION_SCRIPT"
words=("$@"); CURRENT=${#words}
_agents
