/**
 * The auth e-mails (verification code, password-reset code, "someone tried to register with
 * your address") in every studio language, as plain text and HTML. Everything interpolated
 * into HTML is escaped.
 */
import { DEFAULT_LANGUAGE, getLanguage, type LanguageCode } from '@tessera/shared/i18n';
import type { MailMessage } from './mail.ts';

interface AuthMailStrings {
  verifySubject: string;
  verifyIntro: string;
  resetSubject: string;
  resetIntro: string;
  /** `{minutes}` is replaced. */
  expires: string;
  ignore: string;
  existingSubject: string;
  existingBody: string;
  existingIgnore: string;
}

export const AUTH_MAIL_STRINGS: Record<LanguageCode, AuthMailStrings> = {
  en: {
    verifySubject: 'Your Tessera verification code',
    verifyIntro: 'Enter this code to verify your e-mail address:',
    resetSubject: 'Your Tessera password reset code',
    resetIntro: 'Enter this code to reset your password:',
    expires: 'The code expires in {minutes} minutes and can be used once.',
    ignore: 'If you did not ask for this, you can ignore this e-mail.',
    existingSubject: 'Someone tried to sign up with your e-mail address',
    existingBody: 'Someone tried to create a Tessera account with this e-mail address, but it already has an account. If it was you, sign in, or use “Forgot password” to set a new password.',
    existingIgnore: 'If it was not you, no action is needed: your account has not changed.',
  },
  zh: {
    verifySubject: '您的 Tessera 验证码',
    verifyIntro: '请输入此验证码以验证您的电子邮箱地址：',
    resetSubject: '您的 Tessera 密码重置验证码',
    resetIntro: '请输入此验证码以重置您的密码：',
    expires: '验证码将在 {minutes} 分钟后失效，且只能使用一次。',
    ignore: '如果这不是您本人的操作，请忽略此邮件。',
    existingSubject: '有人尝试使用您的电子邮箱地址注册',
    existingBody: '有人尝试使用此电子邮箱地址创建 Tessera 账户，但该地址已注册。如果是您本人，请直接登录，或使用“忘记密码”设置新密码。',
    existingIgnore: '如果不是您本人，无需任何操作：您的账户没有任何变化。',
  },
  tw: {
    verifySubject: '您的 Tessera 驗證碼',
    verifyIntro: '請輸入此驗證碼以驗證您的電子郵件地址：',
    resetSubject: '您的 Tessera 密碼重設驗證碼',
    resetIntro: '請輸入此驗證碼以重設您的密碼：',
    expires: '驗證碼將於 {minutes} 分鐘後失效，且只能使用一次。',
    ignore: '如果這不是您本人的操作，請忽略此郵件。',
    existingSubject: '有人嘗試使用您的電子郵件地址註冊',
    existingBody: '有人嘗試使用此電子郵件地址建立 Tessera 帳戶，但該地址已經註冊。如果是您本人，請直接登入，或使用「忘記密碼」設定新密碼。',
    existingIgnore: '如果不是您本人，無需任何操作：您的帳戶沒有任何變更。',
  },
  th: {
    verifySubject: 'รหัสยืนยัน Tessera ของคุณ',
    verifyIntro: 'ป้อนรหัสนี้เพื่อยืนยันที่อยู่อีเมลของคุณ:',
    resetSubject: 'รหัสรีเซ็ตรหัสผ่าน Tessera ของคุณ',
    resetIntro: 'ป้อนรหัสนี้เพื่อรีเซ็ตรหัสผ่านของคุณ:',
    expires: 'รหัสจะหมดอายุใน {minutes} นาทีและใช้ได้เพียงครั้งเดียว',
    ignore: 'หากคุณไม่ได้ร้องขอ คุณสามารถเพิกเฉยต่ออีเมลนี้ได้',
    existingSubject: 'มีผู้พยายามสมัครสมาชิกด้วยที่อยู่อีเมลของคุณ',
    existingBody: 'มีผู้พยายามสร้างบัญชี Tessera ด้วยที่อยู่อีเมลนี้ แต่อีเมลนี้มีบัญชีอยู่แล้ว หากเป็นคุณ โปรดเข้าสู่ระบบ หรือใช้ “ลืมรหัสผ่าน” เพื่อตั้งรหัสผ่านใหม่',
    existingIgnore: 'หากไม่ใช่คุณ ไม่ต้องดำเนินการใด ๆ บัญชีของคุณไม่มีการเปลี่ยนแปลง',
  },
  it: {
    verifySubject: 'Il tuo codice di verifica Tessera',
    verifyIntro: 'Inserisci questo codice per verificare il tuo indirizzo e-mail:',
    resetSubject: 'Il tuo codice per reimpostare la password di Tessera',
    resetIntro: 'Inserisci questo codice per reimpostare la password:',
    expires: 'Il codice scade tra {minutes} minuti e può essere usato una sola volta.',
    ignore: 'Se non hai richiesto nulla, puoi ignorare questa e-mail.',
    existingSubject: 'Qualcuno ha provato a registrarsi con il tuo indirizzo e-mail',
    existingBody: 'Qualcuno ha provato a creare un account Tessera con questo indirizzo e-mail, ma esiste già un account. Se sei stato tu, accedi oppure usa “Password dimenticata” per impostarne una nuova.',
    existingIgnore: 'Se non sei stato tu, non devi fare nulla: il tuo account non è cambiato.',
  },
  pl: {
    verifySubject: 'Twój kod weryfikacyjny Tessera',
    verifyIntro: 'Wpisz ten kod, aby zweryfikować swój adres e-mail:',
    resetSubject: 'Twój kod do resetowania hasła Tessera',
    resetIntro: 'Wpisz ten kod, aby zresetować hasło:',
    expires: 'Kod wygasa za {minutes} minut i można go użyć tylko raz.',
    ignore: 'Jeśli to nie Ty o to prosiłeś, zignoruj tę wiadomość.',
    existingSubject: 'Ktoś próbował zarejestrować się przy użyciu Twojego adresu e-mail',
    existingBody: 'Ktoś próbował utworzyć konto Tessera z tym adresem e-mail, ale konto już istnieje. Jeśli to Ty, zaloguj się lub użyj opcji „Nie pamiętam hasła”, aby ustawić nowe hasło.',
    existingIgnore: 'Jeśli to nie Ty, nie musisz nic robić: Twoje konto się nie zmieniło.',
  },
  tr: {
    verifySubject: 'Tessera doğrulama kodunuz',
    verifyIntro: 'E-posta adresinizi doğrulamak için bu kodu girin:',
    resetSubject: 'Tessera şifre sıfırlama kodunuz',
    resetIntro: 'Şifrenizi sıfırlamak için bu kodu girin:',
    expires: 'Kodun süresi {minutes} dakika içinde dolar ve yalnızca bir kez kullanılabilir.',
    ignore: 'Bunu siz istemediyseniz bu e-postayı yok sayabilirsiniz.',
    existingSubject: 'Birisi e-posta adresinizle kaydolmaya çalıştı',
    existingBody: 'Birisi bu e-posta adresiyle bir Tessera hesabı oluşturmaya çalıştı, ancak bu adrese ait bir hesap zaten var. Siz iseniz giriş yapın veya yeni bir şifre belirlemek için “Şifremi unuttum” seçeneğini kullanın.',
    existingIgnore: 'Siz değilseniz herhangi bir işlem yapmanız gerekmez: hesabınız değişmedi.',
  },
  fr: {
    verifySubject: 'Votre code de vérification Tessera',
    verifyIntro: 'Saisissez ce code pour vérifier votre adresse e-mail :',
    resetSubject: 'Votre code de réinitialisation du mot de passe Tessera',
    resetIntro: 'Saisissez ce code pour réinitialiser votre mot de passe :',
    expires: 'Le code expire dans {minutes} minutes et ne peut être utilisé qu’une fois.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
    existingSubject: 'Quelqu’un a tenté de s’inscrire avec votre adresse e-mail',
    existingBody: 'Quelqu’un a tenté de créer un compte Tessera avec cette adresse e-mail, mais un compte existe déjà. Si c’était vous, connectez-vous ou utilisez « Mot de passe oublié » pour en définir un nouveau.',
    existingIgnore: 'Si ce n’était pas vous, aucune action n’est nécessaire : votre compte n’a pas changé.',
  },
  ko: {
    verifySubject: 'Tessera 인증 코드',
    verifyIntro: '이메일 주소를 인증하려면 이 코드를 입력하세요:',
    resetSubject: 'Tessera 비밀번호 재설정 코드',
    resetIntro: '비밀번호를 재설정하려면 이 코드를 입력하세요:',
    expires: '이 코드는 {minutes}분 후에 만료되며 한 번만 사용할 수 있습니다.',
    ignore: '요청하지 않으셨다면 이 이메일을 무시하셔도 됩니다.',
    existingSubject: '누군가 회원님의 이메일 주소로 가입을 시도했습니다',
    existingBody: '누군가 이 이메일 주소로 Tessera 계정을 만들려고 했지만 이미 계정이 있습니다. 본인이라면 로그인하거나 “비밀번호 찾기”를 사용해 새 비밀번호를 설정하세요.',
    existingIgnore: '본인이 아니라면 아무 조치도 필요하지 않습니다. 계정은 변경되지 않았습니다.',
  },
  de: {
    verifySubject: 'Ihr Tessera-Bestätigungscode',
    verifyIntro: 'Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen:',
    resetSubject: 'Ihr Code zum Zurücksetzen des Tessera-Passworts',
    resetIntro: 'Geben Sie diesen Code ein, um Ihr Passwort zurückzusetzen:',
    expires: 'Der Code läuft in {minutes} Minuten ab und kann nur einmal verwendet werden.',
    ignore: 'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    existingSubject: 'Jemand hat versucht, sich mit Ihrer E-Mail-Adresse zu registrieren',
    existingBody: 'Jemand hat versucht, mit dieser E-Mail-Adresse ein Tessera-Konto zu erstellen, aber es gibt bereits ein Konto. Wenn Sie das waren, melden Sie sich an oder legen Sie über „Passwort vergessen“ ein neues Passwort fest.',
    existingIgnore: 'Wenn Sie das nicht waren, müssen Sie nichts tun: Ihr Konto wurde nicht verändert.',
  },
  ja: {
    verifySubject: 'Tessera の確認コード',
    verifyIntro: 'メールアドレスを確認するには、次のコードを入力してください：',
    resetSubject: 'Tessera のパスワード再設定コード',
    resetIntro: 'パスワードを再設定するには、次のコードを入力してください：',
    expires: 'このコードの有効期限は {minutes} 分で、使用できるのは 1 回だけです。',
    ignore: 'お心当たりがない場合は、このメールを無視してください。',
    existingSubject: 'あなたのメールアドレスで登録しようとした人がいます',
    existingBody: 'このメールアドレスで Tessera アカウントを作成しようとした人がいますが、このアドレスのアカウントはすでに存在します。ご本人の場合はログインするか、「パスワードをお忘れですか」から新しいパスワードを設定してください。',
    existingIgnore: 'ご本人でない場合、対応は不要です。アカウントは変更されていません。',
  },
  ru: {
    verifySubject: 'Ваш код подтверждения Tessera',
    verifyIntro: 'Введите этот код, чтобы подтвердить адрес электронной почты:',
    resetSubject: 'Ваш код для сброса пароля Tessera',
    resetIntro: 'Введите этот код, чтобы сбросить пароль:',
    expires: 'Код действует {minutes} минут, и его можно использовать только один раз.',
    ignore: 'Если вы ничего не запрашивали, просто проигнорируйте это письмо.',
    existingSubject: 'Кто-то пытался зарегистрироваться с вашим адресом электронной почты',
    existingBody: 'Кто-то пытался создать аккаунт Tessera с этим адресом электронной почты, но аккаунт с ним уже существует. Если это были вы, войдите или воспользуйтесь функцией «Забыли пароль», чтобы задать новый пароль.',
    existingIgnore: 'Если это были не вы, ничего делать не нужно: ваш аккаунт не изменился.',
  },
  pt: {
    verifySubject: 'Seu código de verificação da Tessera',
    verifyIntro: 'Digite este código para verificar seu endereço de e-mail:',
    resetSubject: 'Seu código para redefinir a senha da Tessera',
    resetIntro: 'Digite este código para redefinir sua senha:',
    expires: 'O código expira em {minutes} minutos e só pode ser usado uma vez.',
    ignore: 'Se você não fez esta solicitação, pode ignorar este e-mail.',
    existingSubject: 'Alguém tentou se cadastrar com o seu endereço de e-mail',
    existingBody: 'Alguém tentou criar uma conta na Tessera com este endereço de e-mail, mas ele já tem uma conta. Se foi você, entre na sua conta ou use “Esqueci a senha” para definir uma nova senha.',
    existingIgnore: 'Se não foi você, nada precisa ser feito: sua conta não foi alterada.',
  },
  ar: {
    verifySubject: 'رمز التحقق الخاص بك في Tessera',
    verifyIntro: 'أدخل هذا الرمز للتحقق من عنوان بريدك الإلكتروني:',
    resetSubject: 'رمز إعادة تعيين كلمة المرور في Tessera',
    resetIntro: 'أدخل هذا الرمز لإعادة تعيين كلمة المرور:',
    expires: 'تنتهي صلاحية الرمز خلال {minutes} دقيقة ويمكن استخدامه مرة واحدة فقط.',
    ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة.',
    existingSubject: 'حاول شخص ما التسجيل باستخدام عنوان بريدك الإلكتروني',
    existingBody: 'حاول شخص ما إنشاء حساب في Tessera بهذا العنوان، لكن يوجد حساب مسجل به بالفعل. إذا كنت أنت، فسجّل الدخول أو استخدم «نسيت كلمة المرور» لتعيين كلمة مرور جديدة.',
    existingIgnore: 'إذا لم تكن أنت، فلا حاجة لأي إجراء: لم يتغير حسابك.',
  },
  nb: {
    verifySubject: 'Din bekreftelseskode for Tessera',
    verifyIntro: 'Skriv inn denne koden for å bekrefte e-postadressen din:',
    resetSubject: 'Din kode for å tilbakestille passordet i Tessera',
    resetIntro: 'Skriv inn denne koden for å tilbakestille passordet ditt:',
    expires: 'Koden utløper om {minutes} minutter og kan bare brukes én gang.',
    ignore: 'Hvis du ikke ba om dette, kan du se bort fra denne e-posten.',
    existingSubject: 'Noen prøvde å registrere seg med e-postadressen din',
    existingBody: 'Noen prøvde å opprette en Tessera-konto med denne e-postadressen, men den har allerede en konto. Hvis det var deg, logg inn, eller bruk «Glemt passord» for å velge et nytt passord.',
    existingIgnore: 'Hvis det ikke var deg, trenger du ikke gjøre noe: kontoen din er uendret.',
  },
  nl: {
    verifySubject: 'Je verificatiecode voor Tessera',
    verifyIntro: 'Voer deze code in om je e-mailadres te bevestigen:',
    resetSubject: 'Je code om je Tessera-wachtwoord opnieuw in te stellen',
    resetIntro: 'Voer deze code in om je wachtwoord opnieuw in te stellen:',
    expires: 'De code verloopt over {minutes} minuten en kan één keer worden gebruikt.',
    ignore: 'Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren.',
    existingSubject: 'Iemand probeerde zich te registreren met jouw e-mailadres',
    existingBody: 'Iemand probeerde een Tessera-account aan te maken met dit e-mailadres, maar er bestaat al een account. Was jij dat? Log dan in, of gebruik ‘Wachtwoord vergeten’ om een nieuw wachtwoord in te stellen.',
    existingIgnore: 'Was jij het niet? Dan hoef je niets te doen: je account is niet gewijzigd.',
  },
  da: {
    verifySubject: 'Din bekræftelseskode til Tessera',
    verifyIntro: 'Indtast denne kode for at bekræfte din e-mailadresse:',
    resetSubject: 'Din kode til nulstilling af adgangskoden til Tessera',
    resetIntro: 'Indtast denne kode for at nulstille din adgangskode:',
    expires: 'Koden udløber om {minutes} minutter og kan kun bruges én gang.',
    ignore: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail.',
    existingSubject: 'Nogen forsøgte at oprette sig med din e-mailadresse',
    existingBody: 'Nogen forsøgte at oprette en Tessera-konto med denne e-mailadresse, men der findes allerede en konto. Hvis det var dig, så log ind, eller brug “Glemt adgangskode” til at vælge en ny adgangskode.',
    existingIgnore: 'Hvis det ikke var dig, skal du ikke gøre noget: din konto er uændret.',
  },
  es: {
    verifySubject: 'Tu código de verificación de Tessera',
    verifyIntro: 'Introduce este código para verificar tu dirección de correo electrónico:',
    resetSubject: 'Tu código para restablecer la contraseña de Tessera',
    resetIntro: 'Introduce este código para restablecer tu contraseña:',
    expires: 'El código caduca en {minutes} minutos y solo se puede usar una vez.',
    ignore: 'Si no lo has solicitado, puedes ignorar este correo.',
    existingSubject: 'Alguien intentó registrarse con tu dirección de correo electrónico',
    existingBody: 'Alguien intentó crear una cuenta de Tessera con esta dirección de correo electrónico, pero ya tiene una cuenta. Si fuiste tú, inicia sesión o usa «¿Olvidaste tu contraseña?» para establecer una nueva.',
    existingIgnore: 'Si no fuiste tú, no tienes que hacer nada: tu cuenta no ha cambiado.',
  },
  id: {
    verifySubject: 'Kode verifikasi Tessera Anda',
    verifyIntro: 'Masukkan kode ini untuk memverifikasi alamat email Anda:',
    resetSubject: 'Kode pengaturan ulang kata sandi Tessera Anda',
    resetIntro: 'Masukkan kode ini untuk mengatur ulang kata sandi Anda:',
    expires: 'Kode ini kedaluwarsa dalam {minutes} menit dan hanya dapat digunakan sekali.',
    ignore: 'Jika Anda tidak memintanya, abaikan email ini.',
    existingSubject: 'Seseorang mencoba mendaftar dengan alamat email Anda',
    existingBody: 'Seseorang mencoba membuat akun Tessera dengan alamat email ini, tetapi alamat ini sudah memiliki akun. Jika itu Anda, silakan masuk, atau gunakan “Lupa kata sandi” untuk membuat kata sandi baru.',
    existingIgnore: 'Jika itu bukan Anda, tidak perlu melakukan apa pun: akun Anda tidak berubah.',
  },
};

export type AuthMail =
  | { kind: 'verification-code'; code: string; minutes: number }
  | { kind: 'password-reset-code'; code: string; minutes: number }
  | { kind: 'existing-account' };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The message for `to` in `language` (English when the language has no strings). */
export function renderAuthMail(mail: AuthMail, language: LanguageCode, to: string): MailMessage {
  const s = AUTH_MAIL_STRINGS[language] ?? AUTH_MAIL_STRINGS[DEFAULT_LANGUAGE];
  const { dir, bcp47 } = getLanguage(language);
  let subject: string;
  let paragraphs: string[];
  let code: string | null = null;
  if (mail.kind === 'existing-account') {
    subject = s.existingSubject;
    paragraphs = [s.existingBody, s.existingIgnore];
  } else {
    subject = mail.kind === 'verification-code' ? s.verifySubject : s.resetSubject;
    code = mail.code;
    paragraphs = [mail.kind === 'verification-code' ? s.verifyIntro : s.resetIntro, s.expires.replace('{minutes}', String(mail.minutes)), s.ignore];
  }
  const [first, ...rest] = paragraphs;
  const text = [first, ...(code ? [code] : []), ...rest].join('\n\n') + '\n';
  const codeHtml = code
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p>`
    : '';
  const html =
    `<!doctype html><html lang="${escapeHtml(bcp47)}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escapeHtml(first ?? '')}</p>${codeHtml}${rest.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}` +
    `</body></html>`;
  return { to, subject, text, html };
}
