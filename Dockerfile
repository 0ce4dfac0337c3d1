# One node of the atout game master: the browser client on /, WebSocket on /ws, /health.
#   docker build -t atout .
#   docker run --rm -p 8000:8000 -v atout-data:/data atout     # then open http://127.0.0.1:8000/
# The database (SQLite, WAL) lives on the /data volume and survives the container.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    XDG_DATA_HOME=/data

WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
# the rules pages: src/atout/web/rules links to docs/rules (the markdown, rendered when served)
COPY docs/rules ./docs/rules
# Only what the game master needs, at the versions pinned in pyproject.toml (no terminal client,
# no tournament charts: textual and matplotlib stay out of the image; openskill rates accounts).
RUN python -c "import tomllib; deps = tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']; print('\n'.join(d for d in deps if not d.startswith(('matplotlib', 'textual'))))" > /tmp/requirements.txt && \
    pip install -r /tmp/requirements.txt && \
    pip install --no-deps . && \
    rm -rf /src /tmp/requirements.txt && \
    useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin atout && \
    mkdir -p /data && chown atout:atout /data
USER atout
WORKDIR /data
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=2)"]
STOPSIGNAL SIGINT
CMD ["atout", "serve", "--host", "0.0.0.0", "--port", "8000"]
