// The shell's machinery (`ShellOutput`, `ScriptLines`, `TerminalUser`, …) comes from
// `SceneIntentsShell`; re-exported so the demo's executables and tests name it through
// `import HydratorKit` alone.
@_exported import SceneIntentsShell
