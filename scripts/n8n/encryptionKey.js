'use strict';
/**
 * The encryption key of an n8n user folder. The tests' throwaway folders share a fixed, public key; a folder someone
 * keeps (`npm start`'s) gets a random one of its own in n8n's settings file. Plain CommonJS, no dependencies.
 */
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

/**
 * The encryption key of the tests' throwaway n8n folders: fixed and public, so for tests only. A folder someone
 * keeps (`npm start`'s) gets its own random key instead (useOwnEncryptionKey).
 */
const TEST_ENCRYPTION_KEY = process.env.PAYSUITE_E2E_ENCRYPTION_KEY || 'paysuite-e2e-encryption-key-0123456789';
/** User folders whose n8n keeps its own key in .n8n/config (useOwnEncryptionKey): no test key for them. */
const ownKeyFolders = new Set();

/** n8n's settings file in a user folder: its encryption key lives there. */
const settingsFile = (userFolder) => path.join(userFolder, '.n8n', 'config');

/**
 * Gives a kept user folder an encryption key of its own: a random one in n8n's settings file (.n8n/config, mode
 * 0600), made on the first call; every n8n this process starts on the folder then uses it (no test key). A folder
 * made with the tests' public key by an earlier version loses what that key encrypted: its database, settings and
 * `alsoRemove` files go, and the answer says so ({ key, file, replaced }).
 */
function useOwnEncryptionKey(userFolder, { alsoRemove = [] } = {}) {
	const file = settingsFile(userFolder);
	let replaced = false;
	let settings;
	try {
		settings = JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		settings = undefined;
	}
	if (settings && settings.encryptionKey === TEST_ENCRYPTION_KEY) {
		const n8nFolder = path.dirname(file);
		for (const entry of fs.readdirSync(n8nFolder)) if (/^(config|database\.sqlite.*)$/.test(entry)) fs.rmSync(path.join(n8nFolder, entry), { force: true });
		for (const extra of alsoRemove) fs.rmSync(extra, { recursive: true, force: true });
		settings = undefined;
		replaced = true;
	}
	if (!settings || typeof settings.encryptionKey !== 'string' || !settings.encryptionKey) {
		fs.mkdirSync(path.dirname(file), { recursive: true });
		settings = { ...settings, encryptionKey: crypto.randomBytes(24).toString('base64') };
		fs.writeFileSync(file, JSON.stringify(settings, null, '\t'), { mode: 0o600 });
	}
	fs.chmodSync(file, 0o600);
	ownKeyFolders.add(path.resolve(userFolder));
	return { key: settings.encryptionKey, file, replaced };
}

/** The encryption key n8n uses in a user folder: its own (useOwnEncryptionKey) or the tests' public one. */
function encryptionKeyOf(userFolder) {
	return ownKeyFolders.has(path.resolve(userFolder)) ? JSON.parse(fs.readFileSync(settingsFile(userFolder), 'utf8')).encryptionKey : TEST_ENCRYPTION_KEY;
}

/** Whether n8n keeps this folder's own key (useOwnEncryptionKey was called for it in this process). */
const hasOwnKey = (userFolder) => ownKeyFolders.has(path.resolve(userFolder));

module.exports = { TEST_ENCRYPTION_KEY, useOwnEncryptionKey, encryptionKeyOf, hasOwnKey };
