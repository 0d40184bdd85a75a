const { src, dest } = require('gulp');

// tsc compiles the TypeScript; the icons (and codex files tsc does not emit) are copied beside it.
function buildIcons() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}', 'icons/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
