// Independent: placed by name among the ready scripts.
