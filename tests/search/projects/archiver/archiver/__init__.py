"""archiver: incremental backups of folders into compressed archives."""

__version__ = "2.4.1"
