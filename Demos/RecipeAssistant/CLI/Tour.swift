/// The guided tour: the WWDC 2020 hands-free flow, with explanations, as a script.
public enum Tour {
    /// The tour's lines: `## ` lines are narration, the rest are typed as a user would.
    public static let script = """
        ## Welcome to the Recipe Assistant. The app is not running yet.
        ## Ask for a recipe: the system launches the app in the background with no scene,
        ## the handler has no screen so it answers continueInApp, and a scene connects with the
        ## activity in its connection options. The scene delegate continues it: the recipe opens.
        show directions for banana pancakes
        ## You are cooking with the app open. Say "next step": the screen's own handler answers.
        next step
        next step
        next step
        next step
        next step
        ## After the last step it starts over. Now go home: the app is in the background.
        :home
        ## "next step" from the background: the handler answers continueInApp, the existing scene
        ## comes to the foreground, continue is called, and the step advances.
        next step
        ## Back to the list, and ask for something several recipes match: the assistant offers
        ## them a page at a time ("more" for the next page) with subtitles.
        :back
        :back
        show directions for pancakes
        more
        4
        ## A recipe whose directions were lost fails with a clear dialog.
        :back
        show directions for grandma's secret stew
        next step
        ## That's the tour. Type :help for everything else.
        """
}
