"""The sentences of `votecount batch`'s archives at scale (fsspec URLs for PATH and -o), in
Russian and English: part of the one catalogue (messages.MESSAGES holds them). Thread errors
are written to the tables in English, as every batch error row is."""

BATCH_MESSAGES: dict[str, tuple[str, str]] = {
    'batch.needs_fsspec': (
        '{url}: для адресов хранилищ нужен fsspec: pip install \'votecount[s3]\'',
        "{url}: storage URLs need fsspec: pip install 'votecount[s3]'"),
    'batch.needs_backend': (
        '{url}: не установлен модуль этого хранилища ({why}): pip install \'votecount[s3]\' для s3://',
        "{url}: this storage's module is not installed ({why}): pip install 'votecount[s3]' for s3://"),
    'batch.bad_url': (
        '{url}: адрес не читается ({why})',
        '{url}: not a usable URL ({why})'),
    'batch.no_such': (
        '{path}: нет такого файла или папки',
        '{path}: no such file or folder'),
    'batch.cannot_list': (
        '{path}: не удалось получить список ({why})',
        '{path}: cannot list ({why})'),
    'batch.not_a_thread': (
        '{path}: не тема (папка страниц, .zip или страница)',
        '{path}: not a thread (a folder of pages, a .zip or a page)'),
    'batch.cannot_read': (
        '{path}: не читается ({why})',
        '{path}: cannot read ({why})'),
    'batch.cannot_write': (
        '{path}: не записывается ({why})',
        '{path}: cannot write ({why})'),
    'batch.remote_list': (
        '{path}: список тем в хранилище не поддерживается: укажите папку или .zip',
        '{path}: a list of threads in a storage bucket is not supported: name a folder or a .zip'),
    'batch.partitioned_parquet': (
        '--partition-mb N (N > 0) пишет наборы Parquet: укажите и --format parquet',
        '--partition-mb N (N > 0) writes Parquet datasets: give --format parquet too'),
}
