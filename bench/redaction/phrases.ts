/**
 * What agents and customers say in the corpus, per language. `{v}` is where the value (or the near-miss
 * number) stands. Calls take these lines lower-cased, as a transcript has them.
 */
import type { IdScheme, Language } from './values.ts';

export type Scene = 'card' | 'expiry' | 'cvv' | 'iban' | 'account' | 'phone' | 'email' | 'dob';
export type NumberKeepKind = 'order' | 'price' | 'time' | 'quantity' | 'non_luhn' | 'date' | 'year';
/** Near-misses: numbers, a street named without a house number, a product's capitalised name. */
export type KeepKind = NumberKeepKind | 'street' | 'product';

export interface Phrases {
  reason: string[];
  ask: Record<Scene, string[]>;
  askId: Partial<Record<IdScheme, string[]>>;
  /** The customer's answer around a value. */
  answer: string[];
  /** Near-misses: who says them and how. */
  keep: Record<NumberKeepKind, { speaker: 'agent' | 'customer'; lines: string[] }>;
  close: string[];
}

export const PHRASES: Record<Language, Phrases> = {
  en: {
    reason: [
      "Hi, I'd like to update my payment details.",
      'Hello, I have a problem with my last payment.',
      'Hi, I need to change some details on my account.',
    ],
    ask: {
      card: ['Could you give me the long number on the card, please?', 'What is your card number?'],
      expiry: ['And the expiry date?', 'When does the card expire?'],
      cvv: ['And the three digits on the back, the security code?', 'Can I have the CVV, please?'],
      iban: ['What IBAN should the refund go to?', 'Please give me your IBAN.'],
      account: ['What is your bank account number?', 'Which account number should we use?'],
      phone: ['What is the best phone number to reach you?', 'Can I get a mobile number, please?'],
      email: ['What email address do you have on file?', 'Could you spell your email address for me?'],
      dob: ['For security, can you confirm your date of birth?', 'What is your date of birth?'],
    },
    askId: {
      ssn: ['Can I have your social security number to verify your identity?', 'What is your SSN, please?'],
      nino: ['Could you give me your national insurance number?', 'What is your National Insurance number?'],
    },
    answer: ['{v}', "It's {v}", 'Sure, {v}', 'Yes, it is {v}', 'Okay so {v}, that is it'],
    keep: {
      order: { speaker: 'customer', lines: ['My order number is {v}.', "It's about order {v}."] },
      price: {
        speaker: 'agent',
        lines: ['The total comes to {v} dollars.', 'That will be {v} dollars including tax.'],
      },
      time: { speaker: 'agent', lines: ['The technician will come at {v}.', 'We are open until {v} today.'] },
      quantity: { speaker: 'customer', lines: ['I ordered {v} boxes.', 'There were {v} items missing.'] },
      non_luhn: { speaker: 'customer', lines: ['The tracking number is {v}.', 'The voucher code says {v}.'] },
      date: { speaker: 'agent', lines: ['Delivery is scheduled for {v}.', 'Your contract renews on {v}.'] },
      year: { speaker: 'customer', lines: ["I've been a customer since {v}.", 'I bought it back in {v}.'] },
    },
    close: ['Thank you, everything is updated. Anything else?', 'Great, you are all set. Have a nice day!'],
  },
  uk: {
    reason: [
      'Добрий день, хочу оновити платіжні дані.',
      'Вітаю, у мене проблема з оплатою.',
      'Мені треба змінити дані в особистому кабінеті.',
    ],
    ask: {
      card: ['Назвіть, будь ласка, номер вашої картки.', 'Який номер картки?'],
      expiry: ['А термін дії картки?', 'До якого числа дійсна картка?'],
      cvv: ['І три цифри на звороті, код безпеки?', 'Назвіть CVV, будь ласка.'],
      iban: ['На який IBAN повернути кошти?', 'Продиктуйте, будь ласка, ваш IBAN.'],
      account: ['Назвіть номер рахунку, будь ласка.', 'Який номер вашого банківського рахунку?'],
      phone: ['За яким номером телефону з вами зв’язатися?', 'Назвіть ваш мобільний, будь ласка.'],
      email: ['Яка у вас електронна пошта?', 'Продиктуйте адресу електронної пошти.'],
      dob: ['Для перевірки назвіть дату народження.', 'Яка ваша дата народження?'],
    },
    askId: { rnokpp: ['Назвіть, будь ласка, ваш ідентифікаційний код.', 'Продиктуйте РНОКПП, будь ласка.'] },
    answer: ['{v}', 'Так, {v}', 'Записуйте: {v}', 'Ось, {v}', 'Зараз, {v}, все'],
    keep: {
      order: { speaker: 'customer', lines: ['Номер замовлення {v}.', 'Я про замовлення {v}.'] },
      price: { speaker: 'agent', lines: ['До сплати {v} гривень.', 'Сума становить {v} гривень.'] },
      time: { speaker: 'agent', lines: ['Кур’єр приїде о {v}.', 'Ми працюємо до {v}.'] },
      quantity: { speaker: 'customer', lines: ['Я замовляв {v} коробки.', 'Не вистачає {v} товарів.'] },
      non_luhn: { speaker: 'customer', lines: ['Номер посилки {v}.', 'На ваучері написано {v}.'] },
      date: { speaker: 'agent', lines: ['Доставка запланована на {v}.', 'Договір продовжується {v}.'] },
      year: { speaker: 'customer', lines: ['Я ваш клієнт з {v} року.', 'Купив його ще в {v} році.'] },
    },
    close: ['Дякую, все оновлено. Ще щось?', 'Чудово, все готово. Гарного дня!'],
  },
  ru: {
    reason: [
      'Здравствуйте, хочу обновить платёжные данные.',
      'Добрый день, у меня проблема с оплатой.',
      'Мне нужно поменять данные в личном кабинете.',
    ],
    ask: {
      card: ['Назовите, пожалуйста, номер карты.', 'Какой номер вашей карты?'],
      expiry: ['А срок действия карты?', 'До какого числа действует карта?'],
      cvv: ['И три цифры на обороте, код безопасности?', 'Назовите CVV, пожалуйста.'],
      iban: ['На какой IBAN вернуть деньги?', 'Продиктуйте, пожалуйста, ваш IBAN.'],
      account: ['Назовите номер счёта, пожалуйста.', 'Какой номер вашего банковского счёта?'],
      phone: ['По какому номеру телефона с вами связаться?', 'Назовите ваш мобильный, пожалуйста.'],
      email: ['Какая у вас электронная почта?', 'Продиктуйте адрес электронной почты.'],
      dob: ['Для проверки назовите дату рождения.', 'Какая у вас дата рождения?'],
    },
    askId: { rnokpp: ['Назовите, пожалуйста, ваш идентификационный код.', 'Продиктуйте ИНН, пожалуйста.'] },
    answer: ['{v}', 'Да, {v}', 'Записывайте: {v}', 'Вот, {v}', 'Сейчас, {v}, всё'],
    keep: {
      order: { speaker: 'customer', lines: ['Номер заказа {v}.', 'Я по поводу заказа {v}.'] },
      price: { speaker: 'agent', lines: ['К оплате {v} рублей.', 'Сумма составляет {v} рублей.'] },
      time: { speaker: 'agent', lines: ['Курьер приедет в {v}.', 'Мы работаем до {v}.'] },
      quantity: { speaker: 'customer', lines: ['Я заказывал {v} коробки.', 'Не хватает {v} товаров.'] },
      non_luhn: { speaker: 'customer', lines: ['Номер посылки {v}.', 'На ваучере написано {v}.'] },
      date: { speaker: 'agent', lines: ['Доставка запланирована на {v}.', 'Договор продлевается {v}.'] },
      year: { speaker: 'customer', lines: ['Я ваш клиент с {v} года.', 'Купил его ещё в {v} году.'] },
    },
    close: ['Спасибо, всё обновлено. Что-то ещё?', 'Отлично, всё готово. Хорошего дня!'],
  },
  pl: {
    reason: [
      'Dzień dobry, chcę zaktualizować dane płatności.',
      'Mam problem z ostatnią płatnością.',
      'Muszę zmienić dane na koncie klienta.',
    ],
    ask: {
      card: ['Proszę podać numer karty.', 'Jaki jest numer pani karty?'],
      expiry: ['A data ważności karty?', 'Do kiedy karta jest ważna?'],
      cvv: ['I trzy cyfry z tyłu, kod bezpieczeństwa?', 'Proszę podać kod CVV.'],
      iban: ['Na jaki IBAN zwrócić pieniądze?', 'Proszę podać numer IBAN.'],
      account: ['Proszę podać numer rachunku.', 'Jaki jest numer pana konta bankowego?'],
      phone: ['Pod jakim numerem telefonu możemy się skontaktować?', 'Proszę podać numer komórki.'],
      email: ['Jaki jest pana adres e-mail?', 'Proszę podyktować adres e-mail.'],
      dob: ['Dla weryfikacji proszę podać datę urodzenia.', 'Jaka jest data urodzenia?'],
    },
    askId: { pesel: ['Proszę podać numer PESEL.', 'Jaki jest pana PESEL?'] },
    answer: ['{v}', 'Tak, {v}', 'Proszę zapisać: {v}', 'Już, {v}', 'To jest {v}, tak'],
    keep: {
      order: { speaker: 'customer', lines: ['Numer zamówienia to {v}.', 'Chodzi o zamówienie {v}.'] },
      price: { speaker: 'agent', lines: ['Do zapłaty {v} złotych.', 'Kwota wynosi {v} złotych.'] },
      time: { speaker: 'agent', lines: ['Kurier przyjedzie o {v}.', 'Jesteśmy otwarci do {v}.'] },
      quantity: { speaker: 'customer', lines: ['Zamówiłem {v} paczki.', 'Brakuje {v} produktów.'] },
      non_luhn: { speaker: 'customer', lines: ['Numer przesyłki to {v}.', 'Na bonie jest kod {v}.'] },
      date: { speaker: 'agent', lines: ['Dostawa jest zaplanowana na {v}.', 'Umowa przedłuża się {v}.'] },
      year: { speaker: 'customer', lines: ['Jestem klientem od {v} roku.', 'Kupiłem go w {v} roku.'] },
    },
    close: ['Dziękuję, wszystko zaktualizowane. Coś jeszcze?', 'Świetnie, gotowe. Miłego dnia!'],
  },
  es: {
    reason: [
      'Hola, quiero actualizar mis datos de pago.',
      'Tengo un problema con mi último pago.',
      'Necesito cambiar unos datos de mi cuenta de cliente.',
    ],
    ask: {
      card: ['¿Me puede dar el número de la tarjeta?', '¿Cuál es el número de su tarjeta?'],
      expiry: ['¿Y la fecha de caducidad?', '¿Hasta cuándo es válida la tarjeta?'],
      cvv: ['¿Y los tres dígitos de atrás, el código de seguridad?', '¿Me dice el CVV, por favor?'],
      iban: ['¿A qué IBAN le hacemos el reembolso?', 'Dígame su IBAN, por favor.'],
      account: ['¿Cuál es su número de cuenta bancaria?', '¿Qué número de cuenta usamos?'],
      phone: ['¿En qué teléfono le podemos localizar?', '¿Me da un número de móvil?'],
      email: ['¿Qué correo electrónico tiene registrado?', '¿Me deletrea su correo electrónico?'],
      dob: ['Por seguridad, ¿me confirma su fecha de nacimiento?', '¿Cuál es su fecha de nacimiento?'],
    },
    askId: {
      dni: ['¿Me puede dar su DNI?', '¿Cuál es su número de DNI?'],
      nie: ['¿Me dice su NIE, por favor?', '¿Cuál es su número de NIE?'],
    },
    answer: ['{v}', 'Sí, {v}', 'Apunte: {v}', 'Vale, es el {v}', 'Es {v}, eso es'],
    keep: {
      order: { speaker: 'customer', lines: ['Mi número de pedido es el {v}.', 'Es sobre el pedido {v}.'] },
      price: { speaker: 'agent', lines: ['El total es de {v} euros.', 'Serían {v} euros con IVA.'] },
      time: { speaker: 'agent', lines: ['El técnico irá a las {v}.', 'Estamos abiertos hasta las {v}.'] },
      quantity: { speaker: 'customer', lines: ['Pedí {v} cajas.', 'Faltan {v} artículos.'] },
      non_luhn: {
        speaker: 'customer',
        lines: ['El número de seguimiento es {v}.', 'El código del vale es {v}.'],
      },
      date: {
        speaker: 'agent',
        lines: ['La entrega está prevista para el {v}.', 'Su contrato se renueva el {v}.'],
      },
      year: { speaker: 'customer', lines: ['Soy cliente desde {v}.', 'Lo compré en {v}.'] },
    },
    close: ['Gracias, ya está todo actualizado. ¿Algo más?', 'Perfecto, ya está. ¡Que tenga un buen día!'],
  },
  de: {
    reason: [
      'Hallo, ich möchte meine Zahlungsdaten ändern.',
      'Ich habe ein Problem mit meiner letzten Zahlung.',
      'Ich muss Daten in meinem Kundenkonto ändern.',
    ],
    ask: {
      card: ['Können Sie mir die Kartennummer nennen?', 'Wie lautet Ihre Kreditkartennummer?'],
      expiry: ['Und das Ablaufdatum?', 'Bis wann ist die Karte gültig?'],
      cvv: ['Und die drei Ziffern auf der Rückseite, die Prüfnummer?', 'Nennen Sie mir bitte die CVV.'],
      iban: ['Auf welche IBAN sollen wir erstatten?', 'Bitte nennen Sie mir Ihre IBAN.'],
      account: ['Wie lautet Ihre Kontonummer?', 'Welche Kontonummer sollen wir verwenden?'],
      phone: ['Unter welcher Telefonnummer erreichen wir Sie?', 'Geben Sie mir bitte Ihre Handynummer.'],
      email: [
        'Welche E-Mail-Adresse haben Sie hinterlegt?',
        'Können Sie mir Ihre E-Mail-Adresse buchstabieren?',
      ],
      dob: ['Zur Sicherheit, wie ist Ihr Geburtsdatum?', 'Wann sind Sie geboren?'],
    },
    askId: {
      steuer_id: [
        'Wie lautet Ihre Steuer-ID?',
        'Nennen Sie mir bitte Ihre steuerliche Identifikationsnummer.',
      ],
    },
    answer: ['{v}', 'Ja, {v}', 'Also, {v}', 'Die ist {v}', 'Moment, {v}, genau'],
    keep: {
      order: {
        speaker: 'customer',
        lines: ['Meine Bestellnummer ist {v}.', 'Es geht um die Bestellung {v}.'],
      },
      price: {
        speaker: 'agent',
        lines: ['Das macht {v} Euro.', 'Der Betrag ist {v} Euro inklusive Steuer.'],
      },
      time: { speaker: 'agent', lines: ['Der Techniker kommt um {v}.', 'Wir haben heute bis {v} geöffnet.'] },
      quantity: { speaker: 'customer', lines: ['Ich habe {v} Kartons bestellt.', 'Es fehlen {v} Artikel.'] },
      non_luhn: {
        speaker: 'customer',
        lines: ['Die Sendungsnummer ist {v}.', 'Auf dem Gutschein steht {v}.'],
      },
      date: {
        speaker: 'agent',
        lines: ['Die Lieferung ist für den {v} geplant.', 'Ihr Vertrag verlängert sich am {v}.'],
      },
      year: { speaker: 'customer', lines: ['Ich bin seit {v} Kunde.', 'Ich habe es {v} gekauft.'] },
    },
    close: ['Danke, alles ist aktualisiert. Sonst noch etwas?', 'Prima, alles erledigt. Schönen Tag noch!'],
  },
  pt: {
    reason: [
      'Olá, quero atualizar os meus dados de pagamento.',
      'Tenho um problema com o último pagamento.',
      'Preciso de alterar dados da minha conta de cliente.',
    ],
    ask: {
      card: ['Pode dizer-me o número do cartão?', 'Qual é o número do seu cartão?'],
      expiry: ['E a data de validade?', 'Até quando é válido o cartão?'],
      cvv: ['E os três dígitos atrás, o código de segurança?', 'Diga-me o CVV, por favor.'],
      iban: ['Para que IBAN fazemos o reembolso?', 'Diga-me o seu IBAN, por favor.'],
      account: ['Qual é o número da sua conta bancária?', 'Que número de conta usamos?'],
      phone: ['Qual é o melhor telemóvel para o contactar?', 'Pode dar-me um número de telefone?'],
      email: ['Que email tem registado?', 'Pode soletrar o seu email?'],
      dob: ['Por segurança, confirma a sua data de nascimento?', 'Qual é a sua data de nascimento?'],
    },
    askId: { nif: ['Qual é o seu NIF?', 'Pode dizer-me o número de contribuinte?'] },
    answer: ['{v}', 'Sim, {v}', 'Tome nota: {v}', 'Então é {v}', 'É {v}, pronto'],
    keep: {
      order: { speaker: 'customer', lines: ['O número da encomenda é {v}.', 'É sobre a encomenda {v}.'] },
      price: { speaker: 'agent', lines: ['O total é {v} euros.', 'São {v} euros com IVA.'] },
      time: { speaker: 'agent', lines: ['O técnico passa às {v}.', 'Estamos abertos até às {v}.'] },
      quantity: { speaker: 'customer', lines: ['Encomendei {v} caixas.', 'Faltam {v} artigos.'] },
      non_luhn: { speaker: 'customer', lines: ['O número de seguimento é {v}.', 'O código do vale é {v}.'] },
      date: { speaker: 'agent', lines: ['A entrega está marcada para {v}.', 'O contrato renova a {v}.'] },
      year: { speaker: 'customer', lines: ['Sou cliente desde {v}.', 'Comprei-o em {v}.'] },
    },
    close: ['Obrigada, está tudo atualizado. Mais alguma coisa?', 'Ótimo, está feito. Bom dia!'],
  },
  it: {
    reason: [
      'Salve, vorrei aggiornare i dati di pagamento.',
      "Ho un problema con l'ultimo pagamento.",
      'Devo cambiare dei dati del mio profilo cliente.',
    ],
    ask: {
      card: ['Mi può dare il numero della carta?', 'Qual è il numero della sua carta?'],
      expiry: ['E la data di scadenza?', 'Fino a quando è valida la carta?'],
      cvv: ['E le tre cifre sul retro, il codice di sicurezza?', 'Mi dice il CVV, per favore?'],
      iban: ['Su quale IBAN facciamo il rimborso?', 'Mi detti il suo IBAN, per favore.'],
      account: ['Qual è il numero del suo conto corrente?', 'Che numero di conto usiamo?'],
      phone: ['A quale numero di telefono la possiamo contattare?', 'Mi dà un numero di cellulare?'],
      email: ['Che email ha registrato?', 'Mi può dettare la sua email?'],
      dob: ['Per sicurezza, mi conferma la data di nascita?', 'Qual è la sua data di nascita?'],
    },
    askId: { codice_fiscale: ['Mi può dare il suo codice fiscale?', 'Qual è il suo codice fiscale?'] },
    answer: ['{v}', 'Sì, {v}', 'Scriva: {v}', 'Allora, {v}', 'È {v}, ecco'],
    keep: {
      order: { speaker: 'customer', lines: ["Il numero d'ordine è {v}.", "Si tratta dell'ordine {v}."] },
      price: { speaker: 'agent', lines: ['Il totale è di {v} euro.', 'Sono {v} euro IVA inclusa.'] },
      time: { speaker: 'agent', lines: ['Il tecnico passa alle {v}.', 'Siamo aperti fino alle {v}.'] },
      quantity: { speaker: 'customer', lines: ['Ho ordinato {v} scatole.', 'Mancano {v} articoli.'] },
      non_luhn: {
        speaker: 'customer',
        lines: ['Il numero di spedizione è {v}.', 'Sul buono c’è scritto {v}.'],
      },
      date: {
        speaker: 'agent',
        lines: ['La consegna è prevista per il {v}.', 'Il contratto si rinnova il {v}.'],
      },
      year: { speaker: 'customer', lines: ['Sono cliente dal {v}.', "L'ho comprato nel {v}."] },
    },
    close: ['Grazie, è tutto aggiornato. Altro?', 'Perfetto, fatto. Buona giornata!'],
  },
  fr: {
    reason: [
      'Bonjour, je voudrais mettre à jour mes coordonnées de paiement.',
      "J'ai un problème avec mon dernier paiement.",
      'Je dois modifier des informations de mon espace client.',
    ],
    ask: {
      card: ['Pouvez-vous me donner le numéro de la carte ?', 'Quel est le numéro de votre carte bancaire ?'],
      expiry: ["Et la date d'expiration ?", "Jusqu'à quand la carte est-elle valide ?"],
      cvv: ['Et les trois chiffres au dos, le cryptogramme ?', 'Pouvez-vous me donner le code de sécurité ?'],
      iban: ['Sur quel IBAN faisons-nous le remboursement ?', 'Donnez-moi votre IBAN, s’il vous plaît.'],
      account: ['Quel est votre numéro de compte bancaire ?', 'Quel numéro de compte utilisons-nous ?'],
      phone: ['À quel numéro de téléphone peut-on vous joindre ?', 'Vous avez un numéro de portable ?'],
      email: ['Quelle adresse e-mail avez-vous ?', 'Pouvez-vous m’épeler votre adresse e-mail ?'],
      dob: [
        'Pour la sécurité, pouvez-vous confirmer votre date de naissance ?',
        'Quelle est votre date de naissance ?',
      ],
    },
    askId: { nir: ['Quel est votre numéro de sécurité sociale ?', 'Pouvez-vous me donner votre NIR ?'] },
    answer: ['{v}', 'Oui, {v}', 'Alors, {v}', "C'est le {v}", 'Voilà, {v}, c’est tout'],
    keep: {
      order: {
        speaker: 'customer',
        lines: ['Mon numéro de commande est {v}.', "C'est pour la commande {v}."],
      },
      price: { speaker: 'agent', lines: ['Le total est de {v} euros.', 'Ça fait {v} euros TTC.'] },
      time: { speaker: 'agent', lines: ['Le technicien passera à {v}.', "Nous sommes ouverts jusqu'à {v}."] },
      quantity: { speaker: 'customer', lines: ["J'ai commandé {v} cartons.", 'Il manque {v} articles.'] },
      non_luhn: {
        speaker: 'customer',
        lines: ['Le numéro de suivi est {v}.', 'Sur le bon, il y a le code {v}.'],
      },
      date: {
        speaker: 'agent',
        lines: ['La livraison est prévue le {v}.', 'Votre contrat est renouvelé le {v}.'],
      },
      year: { speaker: 'customer', lines: ['Je suis client depuis {v}.', "Je l'ai acheté en {v}."] },
    },
    close: ['Merci, tout est à jour. Autre chose ?', 'Parfait, c’est fait. Bonne journée !'],
  },
  tr: {
    reason: [
      'Merhaba, ödeme bilgilerimi güncellemek istiyorum.',
      'Son ödememle ilgili bir sorun var.',
      'Hesabımdaki bilgileri değiştirmem gerekiyor.',
    ],
    ask: {
      card: ['Kart numaranızı alabilir miyim?', 'Kredi kartı numaranız nedir?'],
      expiry: ['Son kullanma tarihi nedir?', 'Kartın son kullanma tarihini söyler misiniz?'],
      cvv: ['Arkadaki üç haneli güvenlik kodu?', 'CVV kodunu alabilir miyim?'],
      iban: ['İadeyi hangi IBAN numarasına yapalım?', 'IBAN numaranızı söyler misiniz?'],
      account: ['Banka hesap numaranız nedir?', 'Hangi hesap numarasını kullanalım?'],
      phone: ['Size hangi telefon numarasından ulaşabiliriz?', 'Cep telefonu numaranızı alabilir miyim?'],
      email: ['Kayıtlı e-posta adresiniz nedir?', 'E-posta adresinizi kodlar mısınız?'],
      dob: ['Güvenlik için doğum tarihinizi teyit eder misiniz?', 'Doğum tarihiniz nedir?'],
    },
    askId: { tc_kimlik: ['TC kimlik numaranızı alabilir miyim?', 'Kimlik numaranız nedir?'] },
    answer: ['{v}', 'Evet, {v}', 'Yazın: {v}', 'Şöyle, {v}', '{v}, bu kadar'],
    keep: {
      order: {
        speaker: 'customer',
        lines: ['Sipariş numaram {v}.', '{v} numaralı sipariş hakkında arıyorum.'],
      },
      price: { speaker: 'agent', lines: ['Toplam tutar {v} lira.', 'KDV dahil {v} lira.'] },
      time: { speaker: 'agent', lines: ['Teknisyen saat {v} gibi gelecek.', 'Bugün saat {v} kadar açığız.'] },
      quantity: { speaker: 'customer', lines: ['{v} koli sipariş ettim.', '{v} ürün eksik geldi.'] },
      non_luhn: { speaker: 'customer', lines: ['Kargo takip numarası {v}.', 'Hediye çekinin kodu {v}.'] },
      date: {
        speaker: 'agent',
        lines: ['Teslimat {v} tarihinde planlandı.', 'Sözleşmeniz {v} tarihinde yenileniyor.'],
      },
      year: { speaker: 'customer', lines: ['{v} yılından beri müşterinizim.', 'Onu {v} yılında aldım.'] },
    },
    close: ['Teşekkürler, her şey güncellendi. Başka bir şey var mı?', 'Harika, tamamdır. İyi günler!'],
  },
  bg: {
    reason: [
      'Здравейте, искам да обновя данните си за плащане.',
      'Имам проблем с последното плащане.',
      'Трябва да сменя данни в профила си.',
    ],
    ask: {
      card: ['Кажете ми, моля, номера на картата.', 'Какъв е номерът на картата ви?'],
      expiry: ['А валидността на картата?', 'До кога е валидна картата?'],
      cvv: ['И трите цифри отзад, кода за сигурност?', 'Кажете ми CVV кода, моля.'],
      iban: ['По кой IBAN да върнем парите?', 'Продиктувайте IBAN-а си, моля.'],
      account: ['Какъв е номерът на банковата ви сметка?', 'Кажете номера на сметката, моля.'],
      phone: ['На кой телефон можем да се свържем с вас?', 'Кажете ми мобилния си номер, моля.'],
      email: ['Какъв е имейлът ви?', 'Продиктувайте имейл адреса си.'],
      dob: ['За проверка кажете датата си на раждане.', 'Каква е датата ви на раждане?'],
    },
    askId: { egn: ['Кажете ми ЕГН-то си, моля.', 'Какво е вашето ЕГН?'] },
    answer: ['{v}', 'Да, {v}', 'Записвайте: {v}', 'Ето, {v}', 'Значи {v}, това е'],
    keep: {
      order: { speaker: 'customer', lines: ['Номерът на поръчката е {v}.', 'Обаждам се за поръчка {v}.'] },
      price: { speaker: 'agent', lines: ['Общата сума е {v} лева.', 'Става {v} лева с ДДС.'] },
      time: { speaker: 'agent', lines: ['Техникът ще дойде в {v}.', 'Работим до {v} днес.'] },
      quantity: { speaker: 'customer', lines: ['Поръчах {v} кутии.', 'Липсват {v} артикула.'] },
      non_luhn: { speaker: 'customer', lines: ['Номерът на пратката е {v}.', 'На ваучера пише {v}.'] },
      date: {
        speaker: 'agent',
        lines: ['Доставката е планирана за {v}.', 'Договорът ви се подновява на {v}.'],
      },
      year: { speaker: 'customer', lines: ['Клиент съм от {v} година.', 'Купих го през {v} година.'] },
    },
    close: ['Благодаря, всичко е обновено. Нещо друго?', 'Чудесно, готово е. Приятен ден!'],
  },
};
