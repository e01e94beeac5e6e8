"""Page routes: one module per area; each page is a loader (db -> props) plus a React page name."""
