public enum IntentGenFixturesPlaceholder {}
