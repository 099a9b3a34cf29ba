// The shell's machinery (`ShellOutput`, `ScriptLines`, `TerminalUser`, `SpeakerCommand`, …)
// moved to `SceneIntentsShell`; the kit re-exports it so that its users (the app host, the
// demo's tests) keep naming those types through `import RecipeAssistantKit` alone.
@_exported import SceneIntentsShell
