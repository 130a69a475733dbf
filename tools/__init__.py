"""Course maintenance commands: the static site (build_site) and the handouts (make_handouts)."""
