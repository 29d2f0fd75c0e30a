//! Upload and link validation with Flash Player's error IDs and messages.
