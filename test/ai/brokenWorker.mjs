// A worker entry that fails while loading, as a worker with a broken game module would.
throw new Error('cannot load the games');
