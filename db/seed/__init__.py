def is_empty(session):
    return False

def seed(session, media_dir, now=None):
    pass
