// The shell's machinery (`ShellOutput`, `ScriptLines`, `TerminalUser`, `SpeakerCommand`, …) is
// `SceneIntentsShell`'s; the front end re-exports it so that its users (the demo's tests) name
// those types through `import RecipeAssistantCLI` alone.
@_exported import SceneIntentsShell
